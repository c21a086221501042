import { headlineVector } from "../nlp/headline-vector";
import type { WordVectors } from "../nlp/word-vectors";
import { articleWords } from "../text/tokenize";
import type { ClusterArticle } from "./clusterer";
import type { TermStats } from "./term-stats";

/** What the clusterer needs to know of an article before its features are computed. */
export interface FeatureInput {
  id: number;
  title: string;
  /** The article URL: its slug often carries the full headline. */
  url: string | null;
  category: string | null;
  /** Article time (ms): publication time, else discovery time. Never the wall clock. */
  time: number;
}

/**
 * Turns an article into the clusterer's features: the stemmed terms of its headline plus the URL slug's words the
 * headline lacks and, with word vectors, the headline's IDF-weighted vector. One class for the pipeline and the
 * benches, so that what is measured is what runs.
 */
export class FeatureExtractor {
  constructor(
    private readonly vectors: WordVectors | null,
    private readonly stats: TermStats,
  ) {}

  /** Every term of an article (to rebuild the term statistics). */
  terms(title: string, url: string | null): string[] {
    return articleWords(title, url).map((w) => w.term);
  }

  article(a: FeatureInput): ClusterArticle {
    const words = articleWords(a.title, a.url);
    const vector = this.vectors ? headlineVector(words, this.vectors, (t) => this.stats.idf(t)) : undefined;
    return {
      id: a.id,
      title: a.title,
      terms: words.map((w) => w.term),
      category: a.category,
      time: a.time,
      ...(vector ? { vector } : {}),
    };
  }
}
