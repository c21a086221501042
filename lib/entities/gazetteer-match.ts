import type { AliasForm, GazetteerEntry, GazetteerIndex } from "./gazetteer";
import type { Token } from "./tokens";

export interface GazetteerMatch {
  start: number;
  end: number;
  entries: GazetteerEntry[];
}

function caseFits(form: AliasForm, tokens: readonly Token[], start: number, end: number): boolean {
  const first = tokens[start];
  if (!first) return false;
  if (form.rule === "upper") {
    for (let i = start; i < end; i++) {
      const t = tokens[i];
      if (t && /\p{L}/u.test(t.text) && !t.upper && !/^\p{Lu}$/u.test(t.text)) return false;
    }
    return true;
  }
  if (form.rule === "exact") return first.text === form.form.split(/[\s-]+/)[0];
  return first.cap;
}

/**
 * The longest gazetteer alias starting at token `start`, written in a case its alias allows, within one name
 * (no punctuation inside except the commas the alias itself has, a possessive only on its last word).
 */
export function matchGazetteer(
  gaz: GazetteerIndex,
  tokens: readonly Token[],
  start: number,
): GazetteerMatch | null {
  const words: string[] = [];
  const wordsAfter: number[] = []; // wordsAfter[k]: word count once token start+k is included
  for (let i = start; i < tokens.length && words.length < gaz.maxWords; i++) {
    const t = tokens[i];
    if (!t) break;
    if (t.norm) words.push(...t.norm.split(" "));
    wordsAfter.push(words.length);
    if (t.possessive) break;
    if (t.breakAfter) {
      if (t.post.trim() !== ",") break;
      words.push(",");
    }
  }
  for (let k = wordsAfter.length - 1; k >= 0; k--) {
    const n = wordsAfter[k];
    if (!n) continue;
    const forms = gaz.lookup(words.slice(0, n).join(" "));
    if (!forms) continue;
    const end = start + k + 1;
    const fitting = forms.filter((f) => caseFits(f, tokens, start, end));
    if (fitting.length > 0) return { start, end, entries: [...new Set(fitting.map((f) => f.entry))] };
  }
  return null;
}
