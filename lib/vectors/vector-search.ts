import type { Store } from "../db/store";
import { plainSummary } from "../stories/summaries";
import { parseQueryVector } from "./query-vector";
import type { VectorSearchBody } from "./schemas";

const HOUR_MS = 3_600_000;

/** Cosine similarity from the cosine distance vec0 reports (contract §6.15: distance = 1 − similarity). */
const scores = (distance: number) => ({ similarity: 1 - distance, distance });

/**
 * POST /v1/search/vector: the articles (by `discovered_at`) and stories (by `last_updated`, merged-away ones left
 * out) of the last `since_hours` nearest to the query vector, each list most similar first and at most `limit`
 * long. A type not asked for gives `[]`.
 */
export async function vectorSearch(store: Store, body: VectorSearchBody, now: number) {
  const vector = parseQueryVector(body.embedding);
  const since = now - body.since_hours * HOUR_MS;
  const want = new Set(body.types);
  const [articles, stories] = await Promise.all([
    want.has("article") ? store.vectors.nearestArticles({ vector, since, limit: body.limit }) : [],
    want.has("story") ? store.vectors.nearestStories({ vector, since, limit: body.limit }) : [],
  ]);
  return {
    ok: true,
    articles: articles.map(({ article: a, distance }) => ({
      ...scores(distance),
      url_hash: a.urlHash,
      title: a.title,
      url: a.url,
      source_name: a.sourceName,
      category: a.category,
      published_at: a.publishedAt,
    })),
    stories: stories.map(({ story: s, distance }) => ({
      ...scores(distance),
      cluster_id: s.id,
      headline: s.headline,
      summary: plainSummary(s),
      article_count: s.articleCount,
      first_seen: s.firstSeen,
      last_updated: s.lastUpdated,
    })),
  };
}
