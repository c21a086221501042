import { headlineVector } from "../nlp/headline-vector";
import type { WordVectors } from "../nlp/word-vectors";
import { articleWords, titleWords } from "../text/tokenize";
import type { ClusterArticle } from "./clusterer";
import type { TermStats } from "./term-stats";

/** What the clusterer needs to know of an article before its features are computed. */
export interface FeatureInput {
  id: number;
  title: string;
  /** The article URL: its slug often carries the full headline. */
  url: string | null;
  /** The feed's excerpt (summary), when there is one. */
  excerpt?: string | null;
  category: string | null;
  /** Article time (ms): publication time, else discovery time. Never the wall clock. */
  time: number;
  /** The enrichment stage's people, organisations and places, as `type:key` (identity evidence). */
  names?: string[];
}

/**
 * Characters of an excerpt that are read: about the lede, the sentence or two that say who did what. Further on,
 * feed summaries drift into background that other stories share.
 */
export const EXCERPT_CHARS = 300;

/**
 * Turns an article into the clusterer's features: the stemmed terms of its headline plus the URL slug's words the
 * headline lacks, the terms of the start of the feed's excerpt when there is one, and, with word vectors, the
 * headline's IDF-weighted vector. One class for the pipeline and the benches, so that what is measured is what runs.
 */
export class FeatureExtractor {
  constructor(
    private readonly vectors: WordVectors | null,
    private readonly stats: TermStats,
  ) {}

  /** Every term of an article, headline and excerpt (to rebuild the term statistics). */
  terms(title: string, url: string | null, excerpt?: string | null): string[] {
    return [...articleWords(title, url).map((w) => w.term), ...excerptTerms(excerpt)];
  }

  article(a: FeatureInput): ClusterArticle {
    const words = articleWords(a.title, a.url);
    const vector = this.vectors ? headlineVector(words, this.vectors, (t) => this.stats.idf(t)) : undefined;
    const extra = excerptTerms(a.excerpt);
    return {
      id: a.id,
      title: a.title,
      terms: words.map((w) => w.term),
      ...(extra.length ? { excerptTerms: extra } : {}),
      category: a.category,
      time: a.time,
      ...(vector ? { vector } : {}),
      ...(a.names?.length ? { names: a.names } : {}),
    };
  }
}

/** Terms of the start of an excerpt, cut at a word boundary (a word cut in half would be a false term). */
export function excerptTerms(excerpt: string | null | undefined): string[] {
  if (!excerpt) return [];
  const cut = excerpt.length > EXCERPT_CHARS ? excerpt.lastIndexOf(" ", EXCERPT_CHARS) : excerpt.length;
  return titleWords(excerpt.slice(0, cut > 0 ? cut : EXCERPT_CHARS)).map((w) => w.term);
}
