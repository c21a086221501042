import type { Rng } from "./random";

/** Values a template can name: `{country}`, `{deaths}`, `{company.short}`. */
export type Slots = Record<string, string>;

/**
 * Renders a template: `[a|b|]` picks one alternative (alternatives may be empty and may nest), `{name}` inserts a
 * slot. Spacing is tidied and the first letter capitalised, so alternatives can be written loosely.
 * Throws on a slot the event does not have: a template naming a missing fact is a bug in the vocabulary.
 */
export function render(template: string, slots: Slots, rng: Rng, opts = { capitalize: true }): string {
  const text = tidy(expand(template, 0, rng, slots, false).text);
  return opts.capitalize ? capitalize(text) : text;
}

function expand(
  t: string,
  start: number,
  rng: Rng,
  slots: Slots,
  inGroup: boolean,
): { text: string; end: number } {
  // Inside a group, collect the alternatives and keep one; outside, just concatenate.
  const alternatives: string[] = [];
  let out = "";
  let i = start;
  while (i < t.length) {
    const ch = t[i] as string;
    if (ch === "[") {
      const inner = expand(t, i + 1, rng, slots, true);
      out += inner.text;
      i = inner.end + 1;
    } else if (ch === "{") {
      const close = t.indexOf("}", i);
      if (close < 0) throw new Error(`unclosed slot in template: ${t}`);
      const name = t.slice(i + 1, close);
      const value = slots[name];
      if (value === undefined) throw new Error(`template names unknown slot {${name}}: ${t}`);
      out += value;
      i = close + 1;
    } else if (inGroup && ch === "|") {
      alternatives.push(out);
      out = "";
      i++;
    } else if (inGroup && ch === "]") {
      alternatives.push(out);
      return { text: rng.pick(alternatives), end: i };
    } else {
      out += ch;
      i++;
    }
  }
  if (inGroup) throw new Error(`unclosed [ in template: ${t}`);
  return { text: out, end: i };
}

function tidy(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/\s+([,.:;?!])/g, "$1")
    .replace(/([‘(])\s+/g, "$1")
    .trim();
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const SMALL_WORDS = new Set(
  "a an and as at but by da de del do for from in into nor of on or over per the to up v vs via with".split(
    " ",
  ),
);

/** Headline title case as US outlets write it: small words stay lowercase except first and after a colon. */
export function titleCase(headline: string): string {
  let afterColon = true;
  return headline
    .split(" ")
    .map((w) => {
      const lower = w.toLowerCase();
      const keep = !afterColon && SMALL_WORDS.has(lower);
      afterColon = /[:—–]$/.test(w);
      if (keep || !/^[a-z]/.test(w)) return w;
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(" ");
}
