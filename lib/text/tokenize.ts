import { eng } from "stopword";
import porter2 from "wink-porter2-stemmer";

const STOP = new Set([
  ...eng,
  "s",
  "t",
  "d",
  "ll",
  "m",
  "re",
  "ve",
  "u",
  "via",
  "amp",
  "new",
  "news",
  "says",
  "said",
  "say",
  "will",
  "report",
  "reports",
  "video",
  "photos",
  "photo",
  "watch",
  "live",
  "update",
  "updated",
  "exclusive",
  "breaking",
  "today",
  "just",
  "get",
  "gets",
  "got",
  "may",
  "could",
  "would",
  "one",
  "two",
  "first",
  "year",
  "years",
  "day",
  "week",
  "now",
  "us",
]);

/** Stems already computed: news repeats its words, and stemming was a tenth of the enrichment stage's time. */
const stems = new Map<string, string>();
/** Bound on the memo: cleared when full (a long run meets new words without end: names, typos). */
const STEMS_MAX = 100_000;

/** The Porter2 stem of a lower-case word, memoised. */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= STEMS_MAX) stems.clear();
    s = porter2(word);
    stems.set(word, s);
  }
  return s;
}

/**
 * A headline as a reader sees it: HTML entities and the aggregator's cut-off marker removed, and a trailing
 * " - Publisher" / " | Publisher" credit dropped (it names the outlet, not the story).
 */
export function cleanHeadline(title: string): string {
  let t = title
    .replace(/&(amp|quot|#39|apos|lt|gt);/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (/\s\.\.\.$|…$/.test(t)) t = t.replace(/\s*(\S+)?\s*(\.\.\.|…)$/, ""); // the last word may be cut mid-way
  t = t.replace(/\s+[-|–—]\s+[^-|–—]{2,40}$/, "");
  return t.trim();
}

/** Content tokens of a headline for matching: lowercased, stop words dropped, Porter2-stemmed. */
export function titleTokens(title: string): string[] {
  return titleWords(title).map((w) => w.term);
}

/** Each content word of a headline with its matching term (the stem). */
export function titleWords(title: string): Array<{ word: string; term: string }> {
  const out: Array<{ word: string; term: string }> = [];
  const words = cleanHeadline(title)
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u);
  for (const w of words) {
    if (!w || STOP.has(w)) continue;
    if (w.length === 1 && !/\d/.test(w)) continue;
    out.push({ word: w, term: /^\p{L}+$/u.test(w) ? stem(w) : w });
  }
  return out;
}

/**
 * Words of the descriptive slug in an article URL (`/2014/06/12/tesla-opens-patent-library/`): publishers often
 * put the full original headline there, where the feed or an aggregator shows a shortened one. Ids, dates and
 * file extensions are ignored, and so are the synthetic URLs of imported records without one (`.invalid`).
 */
export function urlSlugWords(url: string): Array<{ word: string; term: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  if (parsed.hostname.endsWith(".invalid")) return [];
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  const slug = path
    .split("/")
    .filter((seg) => /\p{L}{3,}[-_+]\p{L}{3,}/u.test(seg))
    .sort((a, b) => b.length - a.length)[0];
  if (!slug) return [];
  return titleWords(slug.replace(/\.[a-z0-9]{2,5}$/i, "").replace(/[-_+]+/g, " ")).filter((w) =>
    /^\p{L}{3,}$/u.test(w.word),
  );
}

/** An article's words for matching: its headline's, plus the URL slug's words the headline lacks. */
export function articleWords(title: string, url: string | null): Array<{ word: string; term: string }> {
  const words = titleWords(title);
  if (!url) return words;
  const have = new Set(words.map((w) => w.term));
  for (const w of urlSlugWords(url)) {
    if (have.has(w.term)) continue;
    have.add(w.term);
    words.push(w);
  }
  return words;
}
