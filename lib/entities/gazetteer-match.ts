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
  // An abbreviation alias ("Calif.") counts only with its period, so "Calif" alone or "Mass" stay words.
  if (/^\p{L}+\.$/u.test(form.form) && !tokens[end - 1]?.post.startsWith(".")) return false;
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
  const head = tokens[start]?.norm;
  if (!head || !gaz.firstWords.has(head.split(" ")[0] ?? head)) return null;
  let key = "";
  let best: GazetteerMatch | null = null;
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (!t.norm) break;
    key = key ? `${key} ${t.norm}` : t.norm;
    if (!gaz.hasPrefix(key)) break;
    const forms = gaz.lookup(key);
    if (forms) {
      const fitting = forms.filter((f) => caseFits(f, tokens, start, i + 1));
      if (fitting.length > 0)
        best = { start, end: i + 1, entries: [...new Set(fitting.map((f) => f.entry))] };
    }
    if (t.possessive) break;
    if (t.breakAfter) {
      // A middle initial ("Joseph R. Biden") continues the name; a comma only inside aliases that have one.
      if (/^\.\s*$/.test(t.post) && /^\p{Lu}$/u.test(t.text)) continue;
      if (t.post.trim() !== ",") break;
      key += " ,";
    }
  }
  return best;
}
