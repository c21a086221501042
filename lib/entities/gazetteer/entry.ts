import type { EntityType, Subcategory } from "../types";

/** One curated entity: facts written for this project, ids only where they were confirmed. */
export interface GazetteerEntry {
  /** `${type}:${key}`, the same value as the extracted entity's `ref`. */
  id: string;
  type: EntityType;
  key: string;
  name: string;
  subcategory: Subcategory | null;
  aliases: string[];
  description: string;
  wikidataId: string | null;
  wikipediaUrl: string | null;
  /** For places (and the states they contain): the country, used to choose between same-named places. */
  country: string | null;
  /** Nationality adjectives (countries only): they qualify a title ("German Chancellor") but are not mentions. */
  demonyms: string[];
  /** Date the office in the description was checked, for office holders. */
  asOf: string | null;
}

const WIKIPEDIA = "https://en.wikipedia.org/wiki/";

/** English Wikipedia URL of an article title; "=" stands for the entity name, "" for unknown. */
export function wikipediaUrl(title: string, name: string): string | null {
  const t = title === "=" ? name : title;
  return t ? WIKIPEDIA + encodeURI(t.replace(/ /g, "_")) : null;
}

/** The rows of a `|`-separated table: trimmed lines, empty ones skipped, every row with `width` fields. */
export function tableRows(table: string, width: number, label: string): string[][] {
  return table
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => {
      const cells = line.split("|").map((c) => c.trim());
      if (cells.length !== width) {
        throw new Error(`${label} row ${i + 1} has ${cells.length} fields, expected ${width}: ${line}`);
      }
      return cells;
    });
}

/** A `;`-separated list cell. */
export function listCell(cell: string | undefined): string[] {
  return (cell ?? "")
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
}
