import { z } from "zod";

import type { Store } from "../db/store";
import { CONTENT_STATUSES } from "../db/types";
import { withVectors } from "../embeddings/attach-vectors";
import { pagesOf, VersionedPages } from "../serving/versioned-pages";
import { qBool, qEnum, qEnumDefault, qInt, qIntDefault, qSymbols } from "../validation/query";
import { toApiArticle } from "./serialize";

/** GET /v1/items query (contract §7.2). */
export const ListItemsQuery = z.object({
  limit: qIntDefault(20, { min: 1, max: 100 }),
  offset: qIntDefault(0, { min: 0 }),
  category: z.string().trim().toLowerCase().optional(),
  keyword: z.string().optional(),
  source: z.string().trim().optional(),
  content_status: qEnum(CONTENT_STATUSES),
  tickers: qSymbols(),
  date_from: qInt({ min: 0 }),
  date_to: qInt({ min: 0 }),
  sort_by: qEnumDefault(["discovered", "published"], "discovered"),
  sort_order: qEnumDefault(["asc", "desc"], "desc"),
  include_embeddings: qBool(),
  embedding_format: qEnumDefault(["json", "base64"], "json"),
});
export type ListItemsQuery = z.output<typeof ListItemsQuery>;

/** Resolves a source filter given as decimal id, slug or name; an unknown source matches nothing. */
export async function resolveSourceIds(store: Store, source: string): Promise<number[]> {
  const byKey = /^\d+$/.test(source)
    ? await store.sources.get(Number(source))
    : await store.sources.get(source);
  const found = byKey ?? (await store.sources.findByName(source));
  return found ? [found.id] : [];
}

export async function listItems(store: Store, q: ListItemsQuery) {
  const { items, total } = await store.articles.list({
    limit: q.limit,
    offset: q.offset,
    category: q.category,
    keyword: q.keyword || undefined,
    sourceIds: q.source ? await resolveSourceIds(store, q.source) : undefined,
    contentStatus: q.content_status,
    tickers: q.tickers,
    dateFrom: q.date_from,
    dateTo: q.date_to,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  const shaped = q.include_embeddings
    ? await withVectors(
        store,
        "article",
        items.map((a) => ({ id: a.id, value: toApiArticle(a) })),
        q.embedding_format,
      )
    : items.map(toApiArticle);
  return { items: shaped, total, offset: q.offset, limit: q.limit };
}

/** How long a kept page may be served while no article has changed (source names live elsewhere). */
const ITEM_PAGE_TTL_MS = 10_000;
const itemPages = new WeakMap<Store, VersionedPages>();

/**
 * GET /v1/items, serialised and kept until an article changes (migration 022's counter): the newest page is what
 * every polling client asks for. Pages with embeddings are built for each request.
 */
export async function itemListBody(store: Store, q: ListItemsQuery, now: number) {
  if (q.include_embeddings) return listItems(store, q);
  const pages = pagesOf(
    itemPages,
    store,
    () => new VersionedPages(() => store.articles.version(), ITEM_PAGE_TTL_MS),
  );
  return pages.get(`items:${JSON.stringify(q)}`, now, () => listItems(store, q));
}
