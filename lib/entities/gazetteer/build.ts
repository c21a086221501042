import { entityKey, entityRef, normName } from "../normalize";
import type { EntityType, Subcategory } from "../types";
import { CITY_TABLE } from "./cities";
import { COUNTRY_TABLE } from "./countries";
import { listCell, tableRows, wikipediaUrl, type GazetteerEntry } from "./entry";
import { ORGANISATION_TABLE } from "./organisations";
import { PEOPLE_AS_OF, PEOPLE_TABLE } from "./people";
import { REGION_TABLE } from "./regions";

const LIMITED_RECOGNITION = new Set(["Taiwan", "Kosovo", "Palestine"]);
// Country names read with "the" in running text ("Capital of the United States").
const WITH_ARTICLE =
  /^(United|Netherlands|Philippines|Czech|Democratic|Republic|Central African|Dominican|Bahamas|Gambia|Marshall|Solomon|Maldives|Comoros|Seychelles)/;

function countryPhrase(name: string): string {
  return WITH_ARTICLE.test(name) ? `the ${name}` : name;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
const SUBCATEGORIES = new Set<string>([
  "politician",
  "government_official",
  "executive",
  "athlete",
  "entertainer",
  "journalist",
  "company",
  "government_body",
  "political_party",
  "ngo",
  "media",
  "country",
  "city",
  "region",
]);

interface Base {
  type: EntityType;
  name: string;
  subcategory: Subcategory | null;
  qid: string;
  wiki: string;
  description: string;
  aliases: string[];
  country?: string | null;
  demonyms?: string[];
  asOf?: string | null;
}

function entry(b: Base): GazetteerEntry {
  if (b.qid && !/^Q[1-9]\d*$/.test(b.qid))
    throw new Error(`gazetteer: bad Wikidata id ${b.qid} for ${b.name}`);
  const key = entityKey(b.type, b.name);
  return {
    id: entityRef(b.type, key),
    type: b.type,
    key,
    name: b.name,
    subcategory: b.subcategory,
    aliases: b.aliases,
    description: b.description,
    wikidataId: b.qid || null,
    wikipediaUrl: wikipediaUrl(b.wiki, b.name),
    country: b.country ?? null,
    demonyms: b.demonyms ?? [],
    asOf: b.asOf ?? null,
  };
}

function subcategory(cell: string, name: string): Subcategory | null {
  if (!cell) return null;
  if (!SUBCATEGORIES.has(cell)) throw new Error(`gazetteer: unknown subcategory ${cell} for ${name}`);
  return cell as Subcategory;
}

function countries(): { entries: GazetteerEntry[]; capitals: Map<string, [string, string]> } {
  // normName(capital) → [capital, country]
  const capitals = new Map<string, [string, string]>();
  const entries = tableRows(COUNTRY_TABLE, 7, "countries").map(
    ([name = "", qid = "", wiki = "", area = "", capital = "", demonyms, aliases]) => {
      const hasCapital = capital !== "" && capital !== "-";
      if (hasCapital) capitals.set(normName(capital), [capital, name]);
      const kind = LIMITED_RECOGNITION.has(name)
        ? "State with limited international recognition"
        : name === "Vatican City"
          ? "City-state and seat of the Holy See"
          : "Sovereign state";
      return entry({
        type: "location",
        name,
        subcategory: "country",
        qid,
        wiki,
        description: sentence(`${kind} in ${area}${hasCapital ? `; capital ${capital}` : ""}`),
        aliases: listCell(aliases),
        demonyms: listCell(demonyms),
        country: name,
      });
    },
  );
  return { entries, capitals };
}

function cities(capitals: Map<string, [string, string]>): GazetteerEntry[] {
  const listed = tableRows(CITY_TABLE, 5, "cities").map(
    ([name = "", qid = "", wiki = "", country = "", aliases]) =>
      entry({
        type: "location",
        name,
        subcategory: "city",
        qid,
        wiki,
        description:
          capitals.get(normName(name))?.[1] === country
            ? `Capital of ${countryPhrase(country)}.`
            : `City in ${countryPhrase(country)}.`,
        aliases: listCell(aliases),
        country,
      }),
  );
  const seen = new Set(listed.map((e) => normName(e.name)));
  // Capitals the city table leaves out: named only, without ids we have not checked.
  const rest = [...capitals.entries()].filter(([norm]) => !seen.has(norm));
  return listed.concat(
    rest.map(([, [capital, country]]) =>
      entry({
        type: "location",
        name: capital,
        subcategory: "city",
        qid: "",
        wiki: "",
        description: `Capital of ${countryPhrase(country)}.`,
        aliases: [],
        country,
      }),
    ),
  );
}

function regions(): GazetteerEntry[] {
  return tableRows(REGION_TABLE, 6, "regions").map(
    ([name = "", qid = "", wiki = "", country, description = "", aliases]) =>
      entry({
        type: "location",
        name,
        subcategory: "region",
        qid,
        wiki,
        description,
        aliases: listCell(aliases),
        country: country || null,
      }),
  );
}

function organisations(): GazetteerEntry[] {
  return tableRows(ORGANISATION_TABLE, 6, "organisations").map(
    ([name = "", sub = "", qid = "", wiki = "", description = "", aliases]) =>
      entry({
        type: "org",
        name,
        subcategory: subcategory(sub, name),
        qid,
        wiki,
        description,
        aliases: listCell(aliases),
      }),
  );
}

function people(): GazetteerEntry[] {
  return tableRows(PEOPLE_TABLE, 6, "people").map(
    ([name = "", sub = "", qid = "", wiki = "", description = "", aliases]) =>
      entry({
        type: "person",
        name,
        subcategory: subcategory(sub, name),
        qid,
        wiki,
        description,
        aliases: listCell(aliases),
        asOf: PEOPLE_AS_OF,
      }),
  );
}

/** Every gazetteer entry, parsed from the data tables. Throws on a malformed row or a duplicate key. */
export function buildGazetteer(): GazetteerEntry[] {
  const { entries: states, capitals } = countries();
  const all = [...states, ...cities(capitals), ...regions(), ...organisations(), ...people()];
  const ids = new Set<string>();
  for (const e of all) {
    if (ids.has(e.id)) throw new Error(`gazetteer: duplicate entity ${e.id}`);
    ids.add(e.id);
  }
  return all;
}
