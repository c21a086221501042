import { toApiArticle } from "../articles/serialize";
import type { Store } from "../db/store";
import { parseSearchQuery } from "./parse-query";
import type { SearchQuery } from "./schemas";

/** GET /v1/search: BM25 over title, excerpt and extracted text, best first (contract §7.3). */
export async function searchArticles(store: Store, q: SearchQuery) {
  const { match } = parseSearchQuery(q.q);
  // A query of exclusions or punctuation only has nothing to rank by: no results rather than every article.
  if (!match) return { items: [], total: 0 };
  const { items, total } = await store.search.articles({ match, limit: q.limit, offset: q.offset });
  return { items: items.map((i) => toApiArticle(i.article)), total };
}
