import { truncateText } from "../text/html";
import { escapeHtml } from "./snippet";

const SNIPPET_CHARS = 240;
const WORD = /[\p{L}\p{N}]+/gu;
const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const wordsOf = (s: string) => fold(s).match(WORD) ?? [];

/** The text of a wire snippet: its `<mark>` tags dropped and its HTML escapes undone. */
export function snippetText(html: string): string {
  return html
    .replace(/<\/?mark>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
      e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
    );
}

/**
 * Whether `text` tells a reader nothing the headline does not: its words are a run of the headline's words, or the
 * headline's words followed by at most three more (a byline, a place). Case, accents and punctuation are ignored.
 */
export function repeatsTitle(text: string, title: string): boolean {
  const t = wordsOf(text);
  const h = wordsOf(title);
  if (t.length === 0) return true;
  const ts = ` ${t.join(" ")} `;
  const hs = ` ${h.join(" ")} `;
  return hs.includes(ts) || (h.length > 0 && ts.startsWith(hs) && t.length - h.length <= 3);
}

/** `text` without the headline it starts with (feeds often repeat it before the lede), or `text` as it is. */
export function withoutLeadingTitle(text: string, title: string): string {
  const h = wordsOf(title);
  if (h.length === 0) return text;
  let i = 0;
  let end = 0;
  for (const m of text.matchAll(WORD)) {
    if (fold(m[0]) !== h[i]) return text;
    end = (m.index ?? 0) + m[0].length;
    if (++i === h.length) break;
  }
  if (i < h.length) return text;
  return text.slice(end).replace(/^[\s\p{P}]+/u, "");
}

/** A query word's stem, roughly as the Porter stemmer of the index cuts it: enough to highlight "powers" for "power". */
const stem = (w: string) => (w.length > 4 ? w.replace(/(ing|ed|es|s)$/, "") : w);

/**
 * Plain text as a wire snippet: HTML-escaped, with the words of `terms` wrapped in `<mark>`. Matching is by word,
 * ignoring case and accents, and lets a word carry a short ending the query lacks (the index stems words too).
 */
export function markTerms(text: string, terms: readonly string[]): string {
  const stems = [...new Set(terms.flatMap(wordsOf).map(stem))].filter(Boolean);
  const matches = (word: string) => {
    const w = fold(word);
    return stems.some((s) => w === s || (w.startsWith(s) && w.length - s.length <= 3));
  };
  let out = "";
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    if (!matches(m[0])) continue;
    const start = m.index ?? 0;
    out += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(m[0])}</mark>`;
    at = start + m[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * The snippet to show under a headline, never the headline again. The index's snippet is kept when it says more
 * than the headline; otherwise the excerpt stands in (without a repeated headline at its start), with the query's
 * words marked; null when the article has nothing but its headline.
 */
export function snippetBesideTitle(hit: {
  snippet: string;
  title: string;
  excerpt: string | null;
  terms: readonly string[];
}): string | null {
  if (!repeatsTitle(snippetText(hit.snippet), hit.title)) return hit.snippet;
  const rest = withoutLeadingTitle(hit.excerpt ?? "", hit.title).trim();
  if (repeatsTitle(rest, hit.title)) return null;
  return markTerms(truncateText(rest, SNIPPET_CHARS), hit.terms);
}
