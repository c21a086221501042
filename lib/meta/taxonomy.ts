import { CATEGORIES } from "../categories";
import type { Store } from "../db/store";

export const MAX_TAGS = 1_000;

/**
 * GET /v1/categories: the canonical category slugs plus any other slug that stored articles or sources use, so
 * every category a client can meet is listed; alphabetical (contract §6.16, §7.6).
 */
export async function listCategories(store: Store): Promise<string[]> {
  const all = new Set<string>([...CATEGORIES, ...(await store.search.categoriesInUse())]);
  return [...all].filter(Boolean).sort();
}

/** GET /v1/tags: the most frequent article tags first, at most 1,000 (contract §7.6). */
export async function listTags(store: Store): Promise<string[]> {
  return store.search.topTags(MAX_TAGS);
}
