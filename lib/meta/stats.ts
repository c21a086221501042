import type { Store } from "../db/store";

/** Contract §7.8 allows stats up to 60 s old; counting a large table on every call would cost more than it tells. */
export const STATS_MAX_AGE_MS = 60_000;

export interface Stats {
  total_articles: number;
  total_stories: number;
  total_entities: number;
  total_sources: number;
}

const cache = new WeakMap<Store, { at: number; stats: Stats }>();

/** GET /v1/stats (contract §6.14): totals of the store, cached per store for at most a minute. */
export async function getStats(store: Store, now: number): Promise<Stats> {
  const hit = cache.get(store);
  if (hit && now - hit.at < STATS_MAX_AGE_MS && now >= hit.at) return hit.stats;
  const t = await store.search.totals();
  const stats = {
    total_articles: t.articles,
    total_stories: t.stories,
    total_entities: t.entities,
    total_sources: t.sources,
  };
  cache.set(store, { at: now, stats });
  return stats;
}
