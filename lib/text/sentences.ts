// Abbreviations after which a full stop does not end a sentence ("Mr. Smith", "U.S. officials", "Jan. 5").
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "mt",
  "gen",
  "col",
  "lt",
  "sgt",
  "capt",
  "gov",
  "sen",
  "rep",
  "pres",
  "rev",
  "hon",
  "no",
  "vs",
  "etc",
  "inc",
  "ltd",
  "co",
  "corp",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "approx",
  "est",
  "fig",
  "dept",
  "univ",
  "ave",
  "blvd",
]);

/**
 * A text's sentences, in order and trimmed. A stop ends a sentence when a capital, a digit or an opening quote
 * follows; not after a known abbreviation, a lone initial ("J. Smith") or a dotted acronym ("U.S.").
 */
export function splitSentences(text: string): string[] {
  const clean = text.replace(/\s+/g, " ").trim();
  const out: string[] = [];
  let start = 0;
  const END = /([.!?…]+)(["'”’)\]]*)\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])/gu;
  for (let m = END.exec(clean); m; m = END.exec(clean)) {
    const before = clean.slice(start, m.index);
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1] ?? "";
    const stop = m[1] ?? "";
    if (stop === ".") {
      const bare = lastWord.replace(/\./g, "").toLowerCase();
      if (ABBREVIATIONS.has(bare)) continue;
      if (/^\p{Lu}$/u.test(lastWord)) continue;
      if (/^(\p{L}\.)+\p{L}$/u.test(lastWord)) continue;
    }
    const end = m.index + m[1]!.length + (m[2]?.length ?? 0);
    const sentence = clean.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = end;
  }
  const rest = clean.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}
