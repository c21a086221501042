import { z } from "zod";

import { Article } from "./article";
import { Category, Count, EMBEDDING_DIMENSIONS, Id, Ms, UrlHash } from "./common";

export const SearchResponse = z.strictObject({ items: z.array(Article), total: Count });

/** Search result (contract §6.11), used by /v1/search/full only. */
export const SearchResult = z.strictObject({
  url_hash_hex: UrlHash,
  url_hash: UrlHash,
  title: z.string(),
  source_name: z.string(),
  category: Category,
  published_at_ms: Ms,
  discovered_at_ms: Ms,
  image_url: z.string().nullable(),
  placeholder_image_url: z.string().nullable(),
  snippet: z.string().describe("matched terms wrapped in <mark>…</mark>; all other text HTML-escaped"),
  rank: z.number(),
});

export const SearchFullResponse = z.strictObject({ results: z.array(SearchResult), total: Count });

export const SuggestResponse = z.strictObject({ suggestions: z.array(z.string()).max(20) });

const Similarity = { similarity: z.number().min(-1).max(1), distance: z.number().min(0).max(2) };

/** POST /v1/search/vector (contract §7.3). */
export const VectorSearchResponse = z.strictObject({
  ok: z.literal(true),
  articles: z.array(
    z.strictObject({
      ...Similarity,
      url_hash: UrlHash,
      title: z.string(),
      url: z.url(),
      source_name: z.string(),
      category: Category,
      published_at: Ms,
    }),
  ),
  stories: z.array(
    z.strictObject({
      ...Similarity,
      cluster_id: Id,
      headline: z.string(),
      summary: z.string(),
      article_count: z.number().int().min(1),
      first_seen: Ms,
      last_updated: Ms,
    }),
  ),
});

/** GET /v1/embeddings (contract §7.3). */
export const EmbeddingResponse = z.strictObject({
  ok: z.literal(true),
  type: z.enum(["article", "story"]),
  id: z.string(),
  model: z.string(),
  dimensions: z.literal(EMBEDDING_DIMENSIONS),
  embedding: z.union([
    z.array(z.number()).length(EMBEDDING_DIMENSIONS),
    z.string().regex(/^[A-Za-z0-9+/]{8192}$/),
  ]),
});
