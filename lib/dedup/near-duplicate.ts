import type { NearDuplicateCheck } from "../db/store";
import type { NewArticle } from "../db/types";
import { bandKeys, BANDS, fnv1a, minhash } from "./minhash";
import { dedupText, jaccard, shingles, type DedupText } from "./text-shingles";

/** Only recent articles can be the same wire story: older ones are never candidates. */
export const DEDUP_WINDOW_MS = 3 * 86_400_000;
/** Title + excerpt 2-shingle Jaccard from which two articles are one text (syndicated copies score 0.6–1). */
export const TEXT_THRESHOLD = 0.5;
/** Without excerpts only the headline is left: it must be nearly identical and long enough to be specific. */
export const TITLE_THRESHOLD = 0.8;
export const MIN_TITLE_WORDS = 6;

/** Whether two texts are the same story's text (syndication), not merely the same topic. */
export function sameText(a: DedupText, b: DedupText): boolean {
  if (a.excerpt.length > 0 && b.excerpt.length > 0) {
    // Outlets cut the same lede at different lengths: compare the part both kept.
    const n = Math.min(a.excerpt.length, b.excerpt.length);
    const sa = shingles([...a.title, ...a.excerpt.slice(0, n)]);
    return jaccard(sa, shingles([...b.title, ...b.excerpt.slice(0, n)])) >= TEXT_THRESHOLD;
  }
  if (Math.min(a.title.length, b.title.length) < MIN_TITLE_WORDS) return false;
  return jaccard(shingles(a.title), shingles(b.title)) >= TITLE_THRESHOLD;
}

/** Excerpt words the LSH keys cover: a prefix every copy of a lede is likely to keep whole. */
export const KEY_EXCERPT_WORDS = 30;

/**
 * LSH keys of a text: the MinHash bands of its title + excerpt-prefix shingles, plus one key for the exact
 * headline, so a copy whose feed carries no excerpt still meets the original.
 */
export function nearDuplicateKeys(t: DedupText): number[] {
  if (t.title.length + t.excerpt.length < MIN_TITLE_WORDS) return [];
  const prefix = t.excerpt.slice(0, KEY_EXCERPT_WORDS);
  const keys = prefix.length > 0 ? bandKeys(minhash(shingles([...t.title, ...prefix]))) : [];
  if (t.title.length >= MIN_TITLE_WORDS) keys.push(BANDS * 2 ** 32 + fnv1a(t.title.join(" ")));
  return keys;
}

/** The check `ArticleRepo.ingest` runs for each new article against recent ones sharing an LSH key. */
export function nearDuplicateCheck(windowMs = DEDUP_WINDOW_MS): NearDuplicateCheck {
  const texts = new WeakMap<NewArticle, DedupText>();
  const textOf = (a: NewArticle) => {
    let t = texts.get(a);
    if (!t) texts.set(a, (t = dedupText(a.title, a.excerpt)));
    return t;
  };
  return {
    windowMs,
    keys: (a) => nearDuplicateKeys(textOf(a)),
    same: (a, candidate) => sameText(textOf(a), dedupText(candidate.title, candidate.excerpt)),
  };
}
