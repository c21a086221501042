import type { Store } from "../../db/store";
import type { TrendingEntitiesQuery } from "./schemas";
import { toApiEntity } from "./serialize";

const HOUR_MS = 3_600_000;
/** The window whose mentions are ranked (contract §7.4: the last 24 h). */
export const TRENDING_WINDOW_MS = 24 * HOUR_MS;
/** The baseline: the 7 days before the window. */
export const TRENDING_BASELINE_DAYS = 7;

/**
 * How far an entity's mentions in the last 24 h rise above its usual day:
 *
 *   expected = baseline / 7            (articles per day over the 7 days before the window)
 *   score    = (recent − expected) / √(expected + 1)
 *
 * `recent` and `baseline` count articles, not name occurrences, so one article repeating a name counts once. The
 * score is a Poisson-style z-score: growth is measured in units of the noise one would expect at that volume, so a
 * household name at its usual 40 articles a day does not trend, a quiet name jumping from 0 to 6 does, and a big
 * name jumping from 20 to 60 beats a small one going from 0 to 3. The +1 keeps a brand-new entity finite.
 */
export function trendingScore(recent: number, baseline: number): number {
  const expected = baseline / TRENDING_BASELINE_DAYS;
  return (recent - expected) / Math.sqrt(expected + 1);
}

/**
 * GET /v1/entities/trending: entities whose mentions in the last 24 h rise above their 7-day baseline, highest
 * `trending_score` first (ties: more recent articles, then id descending). An entity at or below its usual rate
 * is not trending and is left out.
 */
export async function listTrendingEntities(store: Store, q: TrendingEntitiesQuery, now: number) {
  const recentFrom = now - TRENDING_WINDOW_MS;
  const windows = await store.entities.mentionWindows({
    baselineFrom: recentFrom - TRENDING_BASELINE_DAYS * TRENDING_WINDOW_MS,
    recentFrom,
    until: now,
  });
  const ranked = windows
    .map((w) => ({ ...w, score: trendingScore(w.recent, w.baseline) }))
    .filter((w) => w.score > 0)
    .sort((a, b) => b.score - a.score || b.recent - a.recent || b.entityId - a.entityId)
    .slice(0, q.limit);
  const entities = await store.entities.getMany(ranked.map((r) => r.entityId));
  const byId = new Map(ranked.map((r) => [r.entityId, r]));
  const items = entities.map((e) => ({
    ...toApiEntity(e),
    trending_score: Math.round((byId.get(e.id)?.score ?? 0) * 1e4) / 1e4,
    recent_article_count: byId.get(e.id)?.recent ?? 0,
  }));
  return { entities: items, count: items.length, since_ms: recentFrom };
}
