import type { Rng } from "./random";
import type { Slots } from "./template";
import { COMPANY_ROOTS, SECTORS } from "./vocab/companies";
import { FIRST_NAMES, LAST_NAMES } from "./vocab/people";
import { COUNTRIES, type Country } from "./vocab/places";

const WITH_ARTICLE = new Set(["United States", "United Kingdom", "Netherlands", "Philippines"]);
const HEAD_FORM: Record<string, string> = { "United States": "US", "United Kingdom": "UK" };

interface Company {
  name: string;
  short: string;
  sector: string;
  noun: string;
  product: string;
  ceo: string;
  hq: Country;
  hqCity: string;
}

/**
 * Who lives in the simulated world, shared by all its events: each country keeps one leader, each company one
 * chief executive, and no invented name is given to two different people. Recurring actors across unrelated
 * events are what make real news confusable.
 */
export class Cast {
  private holders = new Map<string, string>();
  private claimed = new Map<string, Set<number>>();
  private usedNames = new Set<string>();
  readonly companies: Company[] = [];
  private roots: string[];

  constructor(private readonly rng: Rng) {
    this.roots = rng.shuffle(COMPANY_ROOTS);
  }

  freshName(): string {
    for (let i = 0; i < 2000; i++) {
      const last = this.rng.pick(LAST_NAMES);
      const name = `${this.rng.pick(FIRST_NAMES)} ${last}`;
      // Distinct surnames keep "Vasquez says…" unambiguous while they last; after that, as in life, two people
      // in the news may share one (never a full name).
      if (this.usedNames.has(name) || (i < 40 && this.usedNames.has(last))) continue;
      this.usedNames.add(name);
      this.usedNames.add(last);
      return name;
    }
    throw new Error("ran out of invented names");
  }

  /**
   * One of `options` no earlier event of this world has taken under `key` (once all are taken, any): a study's
   * finding or an awards ceremony is news once, not twice in a week.
   */
  claim<T>(key: string, options: readonly T[]): T {
    const taken = this.claimed.get(key) ?? new Set<number>();
    this.claimed.set(key, taken);
    const free = options.map((_, i) => i).filter((i) => !taken.has(i));
    const i = free.length ? this.rng.pick(free) : this.rng.int(0, options.length - 1);
    taken.add(i);
    return options[i] as T;
  }

  /** The one person who holds a post in this world ("leader:Peru", "coach:Lyon Falcons"). */
  personOf(post: string): string {
    let name = this.holders.get(post);
    if (!name) this.holders.set(post, (name = this.freshName()));
    return name;
  }

  leaderOf(country: Country): string {
    return this.personOf(`leader:${country.name}`);
  }

  /** An existing company of the sector now and then (companies recur in the news), else a new one. */
  company(sector?: string): Company {
    const pool = this.companies.filter((c) => !sector || c.sector === sector);
    if (pool.length > 0 && this.rng.chance(0.25)) return this.rng.pick(pool);
    const spec = sector ? SECTORS.find((s) => s.id === sector) : this.rng.pick(SECTORS);
    if (!spec) throw new Error(`unknown sector ${sector}`);
    const root = this.roots.pop();
    if (!root) return this.rng.pick(pool.length ? pool : this.companies);
    const suffix = this.rng.pick(spec.suffixes);
    const hq = this.rng.pick(COUNTRIES.filter((c) => c.region !== "Middle East"));
    const company: Company = {
      name: suffix ? `${root} ${suffix}` : root,
      short: root,
      sector: spec.id,
      noun: spec.noun,
      product: this.rng.pick(spec.products),
      ceo: this.freshName(),
      hq,
      hqCity: this.rng.chance(0.5) ? hq.capital : this.rng.pick(hq.cities),
    };
    this.companies.push(company);
    return company;
  }
}

/** Casts one event: fills its roles, honouring roles pinned from a confusable original. */
export class Caster {
  readonly roles = new Map<string, Slots>();

  constructor(
    readonly rng: Rng,
    readonly cast: Cast,
    private readonly pins: Map<string, Slots> = new Map(),
  ) {}

  role(name: string, make: () => Slots): Slots {
    const slots = this.pins.get(name) ?? make();
    this.roles.set(name, slots);
    return slots;
  }

  country(name: string, filter: (c: Country) => boolean = () => true): Slots {
    return this.role(name, () => countrySlots(name, this.rng.pick(COUNTRIES.filter(filter)), this.cast));
  }

  /** A city of the country cast as `countryRole` (its capital now and then). */
  city(name: string, countryRole: string): Slots {
    const country = COUNTRIES.find((c) => c.name === this.roles.get(countryRole)?.[`${countryRole}_name`]);
    if (!country) throw new Error(`cast ${countryRole} before ${name}`);
    return this.role(name, () => ({
      [name]: this.rng.chance(0.2) ? country.capital : this.rng.pick(country.cities),
    }));
  }

  person(name: string): Slots {
    return this.role(name, () => personSlots(name, this.cast.freshName()));
  }

  /** A company (of the sector, when given), never the one named `not`. */
  company(name: string, sector?: string, not?: string): Slots {
    return this.role(name, () => {
      let co = this.cast.company(sector);
      for (let i = 0; co.name === not && i < 20; i++) co = this.cast.company(sector);
      return {
        [name]: co.name,
        [`${name}_short`]: co.short,
        [`${name}_noun`]: co.noun,
        [`${name}_product`]: co.product,
        [`${name}_hq`]: co.hqCity,
        [`${name}_country`]: HEAD_FORM[co.hq.name] ?? co.hq.name,
        [`${name}_adj`]: co.hq.adj,
        ...personSlots(`${name}_ceo`, co.ceo),
      };
    });
  }

  /** An organisation: `{name}` as running text writes it ("the WHO"), `{name_head}` as a headline does ("WHO"). */
  org(name: string, options: readonly string[]): Slots {
    return this.role(name, () => {
      const org = this.rng.pick(options);
      return { [name]: org, [`${name}_head`]: org.replace(/^the /, "") };
    });
  }

  /** A role with one value from a list, not taken by an earlier event of the world while others are free. */
  unique(name: string, options: readonly string[]): Slots {
    return this.role(name, () => ({ [name]: this.cast.claim(name, options) }));
  }

  /** A role with one value picked from a list. */
  one(name: string, options: readonly string[]): Slots {
    return this.role(name, () => ({ [name]: this.rng.pick(options) }));
  }
}

export function personSlots(name: string, full: string): Slots {
  const [first, ...rest] = full.split(" ");
  return { [name]: full, [`${name}_first`]: first ?? full, [`${name}_last`]: rest.join(" ") || full };
}

export function countrySlots(name: string, c: Country, cast: Cast): Slots {
  return {
    [name]: HEAD_FORM[c.name] ?? c.name,
    [`${name}_name`]: c.name,
    [`${name}_the`]: WITH_ARTICLE.has(c.name) ? `the ${c.name}` : c.name,
    [`${name}_adj`]: c.adj,
    [`${name}_capital`]: c.capital,
    [`${name}_parl`]: c.parliament,
    [`${name}_region`]: c.region,
    [`${name}_leader_title`]: c.leader,
    ...personSlots(`${name}_leader`, cast.leaderOf(c)),
  };
}
