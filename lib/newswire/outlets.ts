import type { Category } from "../categories";
import { kebab } from "../text/kebab";
import type { Outlet, OutletTier } from "./types";

/** Every simulated outlet's name carries this mark, so synthetic news is never mistaken for real reporting. */
export const SIMULATED_MARK = "(simulated)";

const GENERAL: Partial<Record<Category, number>> = {
  world: 3,
  politics: 3,
  business: 2,
  technology: 1.5,
  science: 1,
  health: 1,
  sports: 1.5,
  entertainment: 1.2,
  climate: 1,
  crypto: 0.4,
};

const ADJACENT: Record<Category, Category[]> = {
  world: ["politics", "climate"],
  politics: ["world", "business"],
  business: ["technology", "crypto", "politics"],
  technology: ["business", "science"],
  science: ["technology", "health", "climate"],
  health: ["science", "politics"],
  sports: ["entertainment"],
  entertainment: ["sports", "technology"],
  climate: ["science", "world", "politics"],
  crypto: ["business", "technology"],
};

/** Neighbouring categories: where outlets file a story when it sits between two sections. */
export function adjacentCategories(c: Category): Category[] {
  return ADJACENT[c];
}

function specialist(category: Category, extra: Partial<Record<Category, number>> = {}) {
  const beats: Partial<Record<Category, number>> = { [category]: 6 };
  for (const a of ADJACENT[category]) beats[a] = 0.6;
  return { ...beats, ...extra };
}

type Spec = [
  name: string,
  country: string,
  category: Category,
  tier: OutletTier,
  beats: Partial<Record<Category, number>>,
  style: "title" | "sentence",
  url: Outlet["style"]["url"],
  credit: boolean,
  syndicates: string[],
];

const WIRES = ["meridian-wire", "continental-press-agency", "pacific-newswire"];

const SPECS: Spec[] = [
  [
    "Meridian Wire",
    "United States",
    "world",
    "wire",
    { ...GENERAL, business: 3 },
    "sentence",
    "id",
    false,
    [],
  ],
  ["Continental Press Agency", "France", "world", "wire", GENERAL, "sentence", "dated", false, []],
  ["Pacific Newswire", "Japan", "world", "wire", { ...GENERAL, sports: 0.6 }, "sentence", "id", false, []],
  ["The Daily Ledger", "United States", "world", "fast", GENERAL, "title", "dated", false, ["meridian-wire"]],
  ["Harbour Times", "United Kingdom", "world", "fast", GENERAL, "sentence", "section", false, []],
  ["Global Dispatch", "United States", "world", "fast", GENERAL, "title", "section", true, WIRES],
  [
    "The Northern Chronicle",
    "United Kingdom",
    "world",
    "standard",
    GENERAL,
    "sentence",
    "dated",
    false,
    ["continental-press-agency"],
  ],
  [
    "Capital Observer",
    "United States",
    "politics",
    "standard",
    specialist("politics", { world: 2 }),
    "title",
    "dated",
    false,
    [],
  ],
  ["The Sentinel Post", "Canada", "world", "standard", GENERAL, "title", "section", false, ["meridian-wire"]],
  ["Lakeside Herald", "United States", "world", "slow", GENERAL, "title", "id", true, ["meridian-wire"]],
  [
    "Evening Courier",
    "Australia",
    "world",
    "standard",
    GENERAL,
    "sentence",
    "section",
    false,
    ["pacific-newswire"],
  ],
  [
    "Coastline Gazette",
    "New Zealand",
    "world",
    "slow",
    GENERAL,
    "sentence",
    "id",
    false,
    ["pacific-newswire", "continental-press-agency"],
  ],
  [
    "The Monsoon Tribune",
    "India",
    "world",
    "standard",
    GENERAL,
    "sentence",
    "dated",
    false,
    ["pacific-newswire"],
  ],
  [
    "Savannah Daily",
    "Kenya",
    "world",
    "slow",
    GENERAL,
    "sentence",
    "section",
    false,
    ["continental-press-agency"],
  ],
  ["Andes Mirror", "Chile", "world", "standard", GENERAL, "sentence", "dated", true, ["meridian-wire"]],
  [
    "Rhine Courant",
    "Germany",
    "world",
    "standard",
    GENERAL,
    "sentence",
    "section",
    false,
    ["continental-press-agency"],
  ],
  [
    "MarketPulse",
    "United States",
    "business",
    "fast",
    specialist("business", { crypto: 1.5 }),
    "title",
    "dated",
    false,
    [],
  ],
  [
    "The Counting House",
    "United Kingdom",
    "business",
    "standard",
    specialist("business"),
    "sentence",
    "section",
    false,
    ["meridian-wire"],
  ],
  [
    "Circuit Report",
    "United States",
    "technology",
    "fast",
    specialist("technology"),
    "title",
    "dated",
    false,
    [],
  ],
  [
    "Byteline",
    "Ireland",
    "technology",
    "standard",
    specialist("technology", { crypto: 1 }),
    "sentence",
    "section",
    true,
    [],
  ],
  ["Chain Ledger", "Singapore", "crypto", "fast", specialist("crypto"), "title", "dated", false, []],
  ["Blockfront", "United States", "crypto", "slow", specialist("crypto"), "title", "id", false, []],
  ["Pitchside", "United Kingdom", "sports", "fast", specialist("sports"), "sentence", "section", false, []],
  [
    "Scoreline Daily",
    "United States",
    "sports",
    "standard",
    specialist("sports"),
    "title",
    "dated",
    false,
    ["meridian-wire"],
  ],
  [
    "Screen & Stage",
    "United States",
    "entertainment",
    "standard",
    specialist("entertainment"),
    "title",
    "dated",
    false,
    [],
  ],
  [
    "Marquee Weekly",
    "United Kingdom",
    "entertainment",
    "slow",
    specialist("entertainment"),
    "sentence",
    "section",
    true,
    [],
  ],
  [
    "Lab Notes Daily",
    "United Kingdom",
    "science",
    "standard",
    specialist("science"),
    "sentence",
    "dated",
    false,
    [],
  ],
  [
    "The Clinical Review",
    "United States",
    "health",
    "standard",
    specialist("health"),
    "title",
    "section",
    false,
    [],
  ],
  ["Greenline", "Netherlands", "climate", "standard", specialist("climate"), "sentence", "dated", false, []],
  [
    "Terra Watch",
    "Brazil",
    "climate",
    "slow",
    specialist("climate", { world: 1 }),
    "sentence",
    "id",
    false,
    ["continental-press-agency"],
  ],
  ["Morning Briefing", "United States", "world", "slow", GENERAL, "title", "id", false, WIRES],
];

/** The simulated outlets: wires that are always first, fast national outlets, specialists and slow regionals. */
export const OUTLETS: Outlet[] = SPECS.map(
  ([name, country, category, tier, beats, style, url, credit, syndicates]) => {
    const slug = kebab(name.replace(/^The /, "").replace("&", "and"));
    return {
      slug,
      name: `${name} ${SIMULATED_MARK}`,
      host: `${slug.replace(/-/g, "")}.newswire.test`,
      country,
      category,
      tier,
      format: category === "technology" || tier === "slow" ? "atom" : "rss",
      beats,
      style: { titleCase: style === "title", credit: credit ? name : null, url },
      syndicates,
    };
  },
);

export function outletBySlug(slug: string): Outlet {
  const o = OUTLETS.find((x) => x.slug === slug);
  if (!o) throw new Error(`unknown outlet ${slug}`);
  return o;
}
