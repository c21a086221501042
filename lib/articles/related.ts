import { z } from "zod";

import type { Store } from "../db/store";
import { anyWordExpression } from "../search/parse-query";
import { titleWords } from "../text/tokenize";
import { qIntDefault } from "../validation/query";
import { getArticleOrThrow, UrlHash } from "./get-item";
import { toApiArticle } from "./serialize";

/** GET /v1/related query (contract §7.2). */
export const RelatedQuery = z.object({
  url_hash: UrlHash,
  limit: qIntDefault(8, { min: 1, max: 50 }),
});
export type RelatedQuery = z.output<typeof RelatedQuery>;

/**
 * GET /v1/related: articles nearest to one article, a bare array, nearest first, without the article itself or its
 * copies (contract §7.2).
 *
 * Nearness is textual for now: the other members of its story first, then articles sharing its headline's content
 * words, by BM25. Article embeddings plug in here: once the enrichment stage fills `article_vectors`, an article
 * that has a vector takes its nearest neighbours by cosine distance from that table instead (a vec0 KNN query,
 * with the same exclusions), and this text ranking stays the answer for articles without one.
 */
export async function relatedArticles(store: Store, q: RelatedQuery) {
  const article = await getArticleOrThrow(store, q.url_hash);
  const match = anyWordExpression(titleWords(article.title).map((w) => w.word));
  const related = await store.search.related({ article, match, limit: q.limit });
  return related.map(toApiArticle);
}
