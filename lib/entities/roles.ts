import { DOTTED_ABBREVIATIONS, HONORIFICS, ROLE_MODIFIERS, ROLES, type Role } from "./lexicon";
import type { RoleSpan } from "./mention";
import type { Token } from "./tokens";

const MAX_ROLE_WORDS = 4;
// First words of every role and modifier: most tokens start none, and are rejected with one lookup.
const STARTS = new Set([...ROLES.keys()].map((k) => k.split(" ")[0] ?? k).concat([...ROLE_MODIFIERS]));

function startsRole(t: Token): boolean {
  return STARTS.has(t.lower) || (t.lower.includes("-") && STARTS.has(t.lower.split("-")[0] ?? ""));
}

function roleKey(tokens: readonly Token[], start: number, end: number): string | null {
  const words: string[] = [];
  for (let i = start; i < end; i++) {
    const t = tokens[i];
    if (!t) return null;
    if (i < end - 1 && (t.breakAfter || t.possessive)) return null;
    words.push(t.lower.replace(/-/g, " "));
  }
  return words.join(" ");
}

function longestRole(
  tokens: readonly Token[],
  start: number,
): { end: number; role: Role; key: string } | null {
  for (let len = Math.min(MAX_ROLE_WORDS, tokens.length - start); len >= 1; len--) {
    const key = roleKey(tokens, start, start + len);
    const role = key === null ? undefined : ROLES.get(key);
    if (key !== null && role) return { end: start + len, role, key };
  }
  return null;
}

/**
 * The role phrase starting at token `i` ("former senator", "chief executive", "Prime Minister", "Sen."), with its
 * modifiers; null when none starts there.
 */
export function roleAt(tokens: readonly Token[], i: number): RoleSpan | null {
  const first = tokens[i];
  if (!first || !startsRole(first)) return null;
  let s = i;
  for (;;) {
    const found = longestRole(tokens, s);
    if (found) return { start: i, end: found.end, role: found.role, words: found.key };
    const t = tokens[s];
    if (!t || !ROLE_MODIFIERS.has(t.lower) || t.breakAfter || t.possessive) return null;
    s++;
  }
}

/** "Mr.", "Dr.": a courtesy title right before a name. */
export function isHonorific(t: Token): boolean {
  return HONORIFICS.has(t.lower);
}

/** Whether the punctuation after `t` still lets a name follow ("Sen. Jones", "St. Louis", "John F. Kennedy"). */
export function dottedContinues(t: Token): boolean {
  return /^\.\s*$/.test(t.post) && (DOTTED_ABBREVIATIONS.has(t.lower) || /^\p{Lu}$/u.test(t.text));
}
