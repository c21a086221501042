import { z } from "zod";

import type { Store } from "../db/store";
import { qIntDefault } from "../validation/query";
import { getArticleOrThrow, UrlHash } from "./get-item";
import { toApiArticle } from "./serialize";

/** GET /v1/related query (contract §7.2). */
export const RelatedQuery = z.object({
  url_hash: UrlHash,
  limit: qIntDefault(8, { min: 1, max: 50 }),
});
export type RelatedQuery = z.output<typeof RelatedQuery>;

/** Neighbours considered beyond `limit`, so that copies and repeated headlines left out still leave a full page. */
const EXTRA_CANDIDATES = 24;

const headlineKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * GET /v1/related: the semantically nearest articles to one article (cosine over article embeddings, a KNN over
 * the vector index, in its order), nearest first, as a bare array (contract §7.2). Left out: the article itself,
 * its syndicated copies and the other copies of its original, and repeated headlines (one article per headline).
 * An article without an embedding yet gets `[]`, as the contract says.
 */
export async function relatedArticles(store: Store, q: RelatedQuery) {
  const article = await getArticleOrThrow(store, q.url_hash);
  const own = await store.vectors.articleVector(article.id);
  if (!own) return [];
  const root = article.duplicateOf ?? article.id;
  const seen = new Set([headlineKey(article.title)]);
  const near = await store.vectors.relatedArticles({
    vector: own.vector,
    candidates: q.limit + EXTRA_CANDIDATES,
    take: q.limit,
    keep: (b) => {
      if (b.id === article.id || (b.duplicateOf ?? b.id) === root) return false;
      const key = headlineKey(b.title);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  });
  return near.map(toApiArticle);
}
