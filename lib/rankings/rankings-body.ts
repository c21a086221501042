import type { Store } from "../db/store";
import { PreparedJson } from "../serving/prepared-json";
import { recomputeSourceRankings, sourceRankingsJson } from "./source-rankings";

// The last body read, per store: a request compares one stored version number with it and sends it as it is.
const held = new WeakMap<Store, { version: number; body: PreparedJson }>();

/**
 * GET /v1/source-rankings: the body stored by the last recompute (the maintenance tick), read once per version and
 * then served from memory, compressed forms included. A body gone stale (a ranked source renamed or removed) is
 * rebuilt from the stored rankings; with none stored yet (a fresh install, before the first tick) the rankings are
 * computed once here.
 */
export async function sourceRankingsBody(store: Store, now = Date.now()): Promise<PreparedJson> {
  // Bounded: another process may store a new version between our steps; each pass sees a newer one.
  for (let pass = 0; pass < 3; pass++) {
    const version = await store.rankings.bodyVersion();
    const last = held.get(store);
    if (last && last.version === version) return last.body;
    const stored = version === null ? null : await store.rankings.body();
    if (stored?.body) {
      const body = new PreparedJson(stored.body, true);
      held.set(store, { version: stored.version, body });
      return body;
    }
    if (stored)
      await store.rankings.replaceStaleBody(stored.version, sourceRankingsJson(await store.rankings.list()));
    else await recomputeSourceRankings(store, now);
  }
  return new PreparedJson(sourceRankingsJson(await store.rankings.list()));
}
