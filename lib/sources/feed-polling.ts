import type { SourceHealth } from "./source-health";

export interface FeedPolling {
  /** Whether the registered feeds are being fetched now. */
  on: boolean;
  /** The latest poll of any feed (by any process sharing the database); null if none was ever polled. */
  lastPolledAt: number | null;
}

/**
 * Whether feeds are polled: by this process (`pollsHere`: LEDE_POLL_FEEDS in a process that runs the worker), or
 * by another one sharing the database (a server started with LEDE_ROLE=server next to a worker), which shows as a
 * poll within two of the longest poll intervals. Without either, feed health is as of the last poll, not current.
 */
export function feedPolling(opts: {
  pollsHere: boolean;
  health: Iterable<Pick<SourceHealth, "lastPolledAt">>;
  now: number;
  maxIntervalMs: number;
}): FeedPolling {
  let last: number | null = null;
  for (const h of opts.health)
    if (h.lastPolledAt !== null && (last === null || h.lastPolledAt > last)) last = h.lastPolledAt;
  const recent = last !== null && opts.now - last <= 2 * opts.maxIntervalMs;
  return { on: opts.pollsHere || recent, lastPolledAt: last };
}
