import { kebab } from "../text/kebab";
import type { EntityType } from "./types";

const POSSESSIVE = /['’`]s?$/u;
const LEADING_THE = /^the\s+/;
const PLAIN = /^[A-Za-z0-9]+$/;
// Legal-form suffixes: "Apple Inc." and "Apple" are one organisation.
const ORG_LEGAL_SUFFIX =
  /\s+(inc|incorporated|corp|corporation|co|ltd|limited|llc|plc|sa|ag|nv|se|gmbh|spa|bv|lp|llp)$/;

/** Diacritics folded, lowercase. */
export function foldCase(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Removes a trailing possessive: "Biden's" → "Biden", "Reuters'" → "Reuters". */
export function stripPossessive(text: string): string {
  return /\p{L}['’`]s?$/u.test(text) ? text.replace(POSSESSIVE, "") : text;
}

/**
 * Comparison form of a name: diacritics, case, possessive, periods inside acronyms and punctuation removed,
 * "&" read as "and". "U.S." → "us", "Biden's" → "biden", "São Paulo" → "sao paulo".
 */
export function normName(text: string): string {
  // Most words are plain ASCII letters: skip the Unicode work for them (this runs for every token).
  if (PLAIN.test(text)) return text.toLowerCase();
  return foldCase(stripPossessive(text.trim()))
    .replace(/&/g, " and ")
    .replace(/(\p{L})\.(?=\p{L}|\s|$)/gu, "$1")
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The stable key of an entity of `type` named `name`: `normName`, without a leading "the" or a legal form. */
export function entityKey(type: EntityType, name: string): string {
  let key = normName(name).replace(LEADING_THE, "");
  if (type === "org") key = key.replace(ORG_LEGAL_SUFFIX, "");
  return key || normName(name);
}

/** URL slug of an entity name (the stored slug appends the id). */
export function entitySlug(name: string): string {
  return kebab(name) || "entity";
}

/** `${type}:${key}`. */
export function entityRef(type: EntityType, key: string): string {
  return `${type}:${key}`;
}
