import nlp from "compromise/two";

import { normName } from "./normalize";

/** One word of a sentence, as compromise splits and pre-tags it, with the facts name detection needs. */
export interface Token {
  /** Surface text without a possessive ending. */
  text: string;
  norm: string;
  /** Lower-case surface word, punctuation removed ("u.s." → "us"), for role and pattern lookups. */
  lower: string;
  pre: string;
  post: string;
  tags: ReadonlySet<string>;
  /** Starts with a capital letter, or has one inside a word that starts in lower case ("xAI", "eBay"). */
  cap: boolean;
  /** Two or more letters, all capitals ("NATO", "U.S."). */
  upper: boolean;
  possessive: boolean;
  /** Punctuation after the word ends a name (comma, period, colon, bracket, quote, dash). */
  breakAfter: boolean;
  /** Joined to the next word by a hyphen ("Caldwell-Reyes", "Bengaluru-based"). */
  hyphenNext: boolean;
}

export interface Sentence {
  index: number;
  tokens: Token[];
  /** Most words capitalised: a headline in title case, where capitals say little. */
  titleCase: boolean;
  fromTitle: boolean;
}

interface RawTerm {
  text: string;
  pre: string;
  post: string;
  tags?: Set<string>;
}

const POSSESSIVE_TEXT = /(\p{L})['’]s$/u;
const BREAK = /[,.;:!?()[\]{}"“”‘’'—–]|\s-\s/u;
const SMALL_WORDS = new Set(
  "a an and as at but by for from in into is of off on or over per the to up via vs with after before amid".split(
    " ",
  ),
);

function makeToken(term: RawTerm): Token {
  let text = term.text;
  let possessive = false;
  if (POSSESSIVE_TEXT.test(text)) {
    text = text.replace(/['’]s$/u, "");
    possessive = true;
  } else if (/^['’]/.test(term.post) && /s$/i.test(text)) {
    possessive = true; // "Reuters' report"
  }
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = letters.length >= 2 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters);
  const cap = /^\p{Lu}/u.test(text) || /^\p{Ll}+\p{Lu}/u.test(text) || /^\d+\p{L}*\p{Lu}/u.test(text);
  const post = term.post;
  const after = possessive ? post.replace(/^['’]/, "") : post;
  return {
    text,
    norm: normName(text),
    lower: text.toLowerCase().replace(/[.'’]/g, ""),
    pre: term.pre,
    post,
    tags: term.tags ?? new Set(),
    cap,
    upper,
    possessive,
    breakAfter: BREAK.test(after),
    hyphenNext: post === "-",
  };
}

/** Splits "U.S.-led" into "U.S." + "led": compromise keeps such compounds whole. */
function splitCompound(term: RawTerm): RawTerm[] {
  const m = /^(.*\p{Lu}.*?)-(\p{Ll}[\p{Ll}-]*)$/u.exec(term.text);
  if (!m || !m[1] || !m[2] || /-/.test(m[1])) return [term];
  return [
    { text: m[1], pre: term.pre, post: "-", tags: term.tags },
    { text: m[2], pre: "", post: term.post, tags: new Set(["Adjective"]) },
  ];
}

function isTitleCase(tokens: Token[], fromTitle: boolean): boolean {
  let caps = 0;
  let words = 0;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || !/^\p{L}{3,}/u.test(t.text) || SMALL_WORDS.has(t.lower)) continue;
    words++;
    if (/^\p{Lu}/u.test(t.text)) caps++;
  }
  // A body sentence full of names ("Greta Lindqvist founded Norrsken Analytics") is not a headline.
  return fromTitle ? words >= 3 && caps / words >= 0.75 : words >= 5 && caps / words >= 0.8;
}

/** Sentences of `text`, tokenised and pre-tagged by compromise (lexicon + pre-tagger: its fast stages). */
export function parseSentences(text: string, fromTitle: boolean, firstIndex = 0): Sentence[] {
  if (!text.trim()) return [];
  const doc = nlp.tokenize(text);
  doc.compute(["lexicon", "preTagger"]);
  const out: Sentence[] = [];
  for (const terms of doc.docs as RawTerm[][]) {
    const raw: RawTerm[] = [];
    for (const term of terms) {
      const prev = raw[raw.length - 1];
      // compromise leaves empty terms for stray punctuation: fold it into the previous word.
      if (!term.text) {
        if (prev) raw[raw.length - 1] = { ...prev, post: prev.post + term.pre + term.post };
        continue;
      }
      raw.push(...splitCompound(term));
    }
    const tokens = raw.map(makeToken);
    if (tokens.length === 0) continue;
    out.push({
      index: firstIndex + out.length,
      tokens,
      titleCase: isTitleCase(tokens, fromTitle),
      fromTitle,
    });
  }
  return out;
}
