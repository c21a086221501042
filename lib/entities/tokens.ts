import nlp from "compromise/two";

import { normName } from "./normalize";
import { splitSentences, type RawTerm } from "./split";

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
  /** Most words in capitals: an acronym-looking word may be an ordinary word. */
  allCaps: boolean;
  /** First sentence of an article body, where a dateline may stand ("SANTA CLARA, Calif. —"). */
  opensBody: boolean;
  fromTitle: boolean;
}

const POSSESSIVE_TEXT = /(\p{L})['’]s$/u;
const BREAK = /[,.;:!?()[\]{}"“”‘’'—–|]|\s-\s/u;
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

/** A headline in title case ("Biden Signs Executive Order") or in capitals: body text is prose, never treated so. */
function isTitleCase(tokens: Token[], fromTitle: boolean): boolean {
  if (!fromTitle) return false;
  let caps = 0;
  let words = 0;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.text.length < 3 || SMALL_WORDS.has(t.lower) || !/^\p{L}/u.test(t.text)) continue;
    words++;
    if (t.cap) caps++;
  }
  return words >= 2 && caps / words >= 0.75;
}

/** Most words in capitals: "U.S. AND EU OFFICIALS MEET". */
function isAllCaps(tokens: Token[]): boolean {
  const words = tokens.filter((t) => /^\p{L}{2,}/u.test(t.text));
  return words.length >= 3 && words.filter((t) => t.upper).length / words.length >= 0.7;
}

/**
 * The sentences of a title and of a body, split here and pre-tagged by compromise (lexicon + pre-tagger: its fast
 * stages) in one pass: compromise's cost per call is large beside a headline's few words. The body's sentences
 * are numbered on from the title's.
 */
export function parseArticle(title: string, body: string): { title: Sentence[]; body: Sentence[] } {
  const titleSplit = splitSentences(title);
  const bodySplit = splitSentences(body);
  const all = [...titleSplit, ...bodySplit];
  if (all.length === 0) return { title: [], body: [] };
  const doc = nlp.tokenize(all.map((terms) => ({ terms })) as unknown as string);
  doc.compute(["lexicon", "preTagger"]);
  const docs = doc.docs as RawTerm[][];
  const out = { title: [] as Sentence[], body: [] as Sentence[] };
  docs.forEach((terms, i) => {
    const fromTitle = i < titleSplit.length;
    const tokens = terms.filter((t) => t.text).map(makeToken);
    if (tokens.length === 0) return;
    const list = fromTitle ? out.title : out.body;
    const allCaps = isAllCaps(tokens);
    list.push({
      index: out.title.length + out.body.length,
      tokens,
      titleCase: allCaps || isTitleCase(tokens, fromTitle),
      allCaps,
      opensBody: !fromTitle && out.body.length === 0,
      fromTitle,
    });
  });
  return out;
}

/** Sentences of `text` alone, as `parseArticle` parses a title (`fromTitle`) or a body. */
export function parseSentences(text: string, fromTitle: boolean): Sentence[] {
  const parsed = fromTitle ? parseArticle(text, "") : parseArticle("", text);
  return fromTitle ? parsed.title : parsed.body;
}
