import type { Store } from "../db/store";
import type { Article } from "../db/types";
import { truncateText } from "../text/html";
import { detectEntities } from "./detect-entities";
import { parseSearchQuery } from "./parse-query";
import type { SearchFullQuery } from "./schemas";
import { escapeHtml, markedSnippet } from "./snippet";

const PLAIN_SNIPPET_CHARS = 240;

/** Search result (contract §6.11). */
export function toSearchResult(a: Article, rank: number, snippet: string | null) {
  return {
    url_hash_hex: a.urlHash,
    url_hash: a.urlHash,
    title: a.title,
    source_name: a.sourceName,
    category: a.category,
    published_at_ms: a.publishedAt,
    discovered_at_ms: a.discoveredAt,
    image_url: a.imageUrl,
    placeholder_image_url: null,
    // An article found through its entities has no matched text: its excerpt stands in, escaped and unmarked.
    snippet:
      snippet === null
        ? escapeHtml(truncateText(a.excerpt ?? a.title, PLAIN_SNIPPET_CHARS))
        : markedSnippet(snippet),
    rank,
  };
}

/**
 * GET /v1/search/full: full-text hits merged with the articles of entities named in the query, by `rank`
 * (contract §7.3). Exclusions (`-word`) apply to both.
 */
export async function searchFull(store: Store, q: SearchFullQuery) {
  const { hits, total } = await fullSearchHits(store, q);
  return { results: hits.map((h) => toSearchResult(h.article, h.rank, h.snippet)), total };
}

/**
 * The hits behind a full search, with what they were found by: the parsed query and the entities detected in it.
 * A hit whose `snippet` is null was found through those entities only, not by its text.
 */
export async function fullSearchHits(store: Store, q: { q: string; limit: number; offset: number }) {
  const parsed = parseSearchQuery(q.q);
  const entityIds = await detectEntities(store, parsed.terms);
  if (!parsed.match && entityIds.length === 0) return { hits: [], total: 0, parsed, entityIds };
  const { hits, total } = await store.search.full({
    match: parsed.match,
    exclude: parsed.exclude,
    entityIds,
    limit: q.limit,
    offset: q.offset,
  });
  return { hits, total, parsed, entityIds };
}
