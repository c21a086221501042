import type { Logger } from "pino";

import type { Store } from "../db/store";
import { recomputeSourceRankings } from "../rankings/source-rankings";
import { recomputeTopics } from "../topics/topics";
import { ACTIVE_WINDOW_MS } from "./get-stories";
import type { StoryClustering } from "./story-clustering";

export interface MaintenanceOptions {
  store: Store;
  clustering: StoryClustering;
  log?: Logger;
  /** Priority decay and `clusters.ranked` (contract §9.5: at most once a minute). */
  tickMs?: number;
  /** Source rankings and topic clusters. */
  recomputeMs?: number;
  now?: () => number;
}

/** Stories whose summaries one recompute rewrites at most (newest first). */
const SUMMARY_REFRESH_LIMIT = 5_000;

/**
 * Recomputes what derives from many stories at once: source rankings, then the summaries of the active window's
 * stories (they read the rankings) and of stories that never got one, then topic clusters.
 */
export async function recomputeDerived(store: Store, now = Date.now(), log?: Logger): Promise<void> {
  const started = Date.now();
  const sources = await recomputeSourceRankings(store, now);
  const summaries = await store.stories.refreshSummaries({
    since: now - ACTIVE_WINDOW_MS,
    limit: SUMMARY_REFRESH_LIMIT,
  });
  const topics = await recomputeTopics(store, now);
  log?.info(
    { sources, summaries, topics, ms: Date.now() - started },
    "source rankings, summaries and topics recomputed",
  );
}

/**
 * The periodic work of the stage that owns clustering (the worker): every minute, priority decay and the
 * ranking; every ten minutes (and once at start), source rankings and topics. Overlapping runs are skipped.
 */
export function startStoryMaintenance(o: MaintenanceOptions): { stop(): void } {
  const now = o.now ?? Date.now;
  let busy = false;
  const run = (what: string, fn: () => Promise<void>) => async () => {
    if (busy) return;
    busy = true;
    try {
      await fn();
    } catch (err) {
      o.log?.error({ err }, `story maintenance (${what}) failed`);
    } finally {
      busy = false;
    }
  };
  const tick = run("tick", () => o.clustering.tick(now()));
  const recompute = run("recompute", () => recomputeDerived(o.store, now(), o.log));
  const timers = [setInterval(tick, o.tickMs ?? 60_000), setInterval(recompute, o.recomputeMs ?? 600_000)];
  for (const t of timers) t.unref();
  void recompute();
  return {
    stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
