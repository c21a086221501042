import type { Logger } from "pino";

import type { Store } from "../db/store";
import type { PendingPlaced, StoryClustering } from "./story-clustering";

/** How often a worker looks for articles left without a story. */
export const HEAL_INTERVAL_MS = 15_000;

export interface HealingOptions {
  store: Store;
  /** The clustering stage; asked for only when an article needs a story, so a process can open it lazily. */
  clustering: () => Promise<StoryClustering>;
  log?: Logger;
  intervalMs?: number;
}

/**
 * One check: when some article has no story (an import killed with -9, or a process without the clustering lease
 * that stored it), takes the lease and places every such article, enriching first those whose enrichment never
 * committed. Null when nothing was pending or another process holds the lease (it places them itself).
 */
export async function healStories(o: HealingOptions): Promise<PendingPlaced | null> {
  if (!(await o.store.stories.hasUnassigned())) return null;
  // placePending logs what it enriched and placed.
  return (await o.clustering()).placePending();
}

/**
 * Runs `healStories` every `intervalMs` (15 s) on the worker side of `lede start`, whether or not it polls feeds:
 * an article is never storyless for much longer than the lease TTL plus this interval. Overlapping runs are skipped.
 */
export function startStoryHealing(o: HealingOptions): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= healStories(o)
      .then(() => undefined)
      .catch((err: unknown) => o.log?.error({ err }, "healing articles without a story failed"))
      .finally(() => (running = undefined));
  }, o.intervalMs ?? HEAL_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
