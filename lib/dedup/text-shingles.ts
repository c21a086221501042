/** A wire credit in a dateline ("PARIS (AFP) —") says who wrote the text, which outlets reprinting it may drop. */
const CREDIT = /\((?:ap|afp|reuters|upi|dpa|ani|pti|ians|xinhua|bloomberg)\)/gi;

/** Lowercase word tokens of a text, punctuation dropped, diacritics folded. */
export function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A headline without the outlet's credit (" - The Daily Post", " | Local News") and without an aggregator's
 * cut-off marker. A trailing part with digits stays: "What the papers say - 13 June 2014" is not a credit, and
 * the date is what tells two editions of a recurring column apart.
 */
export function headlineText(title: string): string {
  return title
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*(\.\.\.|…)$/, "")
    .replace(/\s+[-|–—]\s+[^-|–—\d]{2,40}$/, "")
    .trim();
}

/** The words a near-duplicate check compares: the headline without its outlet credit, and the excerpt's start. */
export interface DedupText {
  title: string[];
  /** Empty when the excerpt is missing or too short to compare. */
  excerpt: string[];
}

export const EXCERPT_WORDS = 60;
export const MIN_EXCERPT_WORDS = 8;

export function dedupText(title: string, excerpt: string | null | undefined): DedupText {
  const t = words(headlineText(title));
  const e = words((excerpt ?? "").replace(CREDIT, " ")).slice(0, EXCERPT_WORDS);
  return { title: t, excerpt: e.length >= MIN_EXCERPT_WORDS ? e : [] };
}

/** Word 2-shingles of a token list (a single word is its own shingle). */
export function shingles(tokens: string[]): Set<string> {
  const out = new Set<string>();
  if (tokens.length === 1) out.add(tokens[0] as string);
  for (let i = 0; i + 1 < tokens.length; i++) out.add(`${tokens[i]} ${tokens[i + 1]}`);
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}
