// Sentence and word splitting for news text. compromise's own tokenizer costs more than its tagger, so we split
// here and hand compromise pre-tokenised terms (its documented JSON input) for the lexicon and pre-tagger.

export interface RawTerm {
  text: string;
  pre: string;
  post: string;
  tags?: Set<string>;
}

const LEADING = /^[([{"'“‘«¿¡]+/u;
const TRAILING = /[)\]}"'”’»,.;:!?…]+$/u;
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr prof sr jr st mt ft gen lt col sgt capt adm gov sen rep rev hon pres supt insp det messrs " +
    "jan feb mar apr jun jul aug sep sept oct nov dec vs etc inc corp co ltd no nos approx est dept univ ave blvd " +
    "fig op vol"
  ).split(" "),
);
// Words that usually open a sentence: after "U.S." they mark a boundary, not a continuation.
const OPENERS = new Set(
  (
    "the a an in it he she they we but and this that these those its his her their on at for as after " +
    "before officials however meanwhile there i"
  ).split(" "),
);

function splitHyphens(core: string): string[] {
  if (!core.includes("-")) return [core];
  const parts = core.split("-");
  // "Caldwell-Reyes", "Bengaluru-based", "U.S.-led"; not "F-35", "COVID-19", "-" alone.
  if (parts.length < 2 || parts.some((p) => !/^\p{L}/u.test(p))) return [core];
  return parts;
}

function endsSentence(core: string, trailing: string, next: string | undefined): boolean {
  if (!/[.!?…]/u.test(trailing)) return false;
  if (next === undefined) return true;
  const nextCore = next.replace(LEADING, "");
  if (!/^[\p{Lu}\d]/u.test(nextCore)) return false;
  if (!/^\.[)\]"'”’]*$/u.test(trailing)) return true; // "!", "?", "...", or a period closing a quote
  const lower = core.toLowerCase();
  if (ABBREVIATIONS.has(lower) || /^\p{L}$/u.test(core)) return false;
  // "U.S." ends a sentence only before a typical sentence opener.
  if (/^(\p{L}\.)+\p{L}$/u.test(core)) return OPENERS.has(nextCore.replace(TRAILING, "").toLowerCase());
  return true;
}

/** Sentences of `text` as terms with their leading and trailing punctuation and spacing. */
export function splitSentences(text: string): RawTerm[][] {
  const words = [...text.matchAll(/(\S+)(\s*)/gu)];
  const sentences: RawTerm[][] = [];
  let current: RawTerm[] = [];
  for (let i = 0; i < words.length; i++) {
    const [, word = "", space = ""] = words[i] as RegExpMatchArray;
    const pre = LEADING.exec(word)?.[0] ?? "";
    let rest = word.slice(pre.length);
    let trailing = TRAILING.exec(rest)?.[0] ?? "";
    // Keep the period of an abbreviation or acronym with the word: "U.S.", "Inc.", "Jan.".
    if (trailing.startsWith(".") && /^(\p{L}\.)*\p{L}$/u.test(rest.slice(0, rest.length - trailing.length))) {
      const bare = rest.slice(0, rest.length - trailing.length);
      if (/\./.test(bare)) {
        rest = rest.slice(0, rest.length - trailing.length + 1);
        trailing = trailing.slice(1);
      }
    }
    const core = rest.slice(0, rest.length - trailing.length);
    if (!/[\p{L}\p{N}&]/u.test(core)) {
      const prev = current[current.length - 1];
      if (prev) prev.post += word + space;
      continue;
    }
    const parts = splitHyphens(core);
    parts.forEach((part, k) => {
      const last = k === parts.length - 1;
      current.push({
        text: part,
        pre: k === 0 ? pre : "",
        post: last ? trailing + space : "-",
        tags: new Set(),
      });
    });
    const bare = core.replace(/\.$/, "");
    if (endsSentence(bare, core.endsWith(".") ? `.${trailing}` : trailing, words[i + 1]?.[1])) {
      sentences.push(current);
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current);
  return sentences;
}
