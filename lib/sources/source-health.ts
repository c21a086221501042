import type { Store } from "../db/store";
import type { Feed } from "../db/types";

export type HealthStatus = "pending" | "ok" | "degraded" | "failing";

/** A source's health over its feeds (each feed is polled and backed off on its own). */
export interface SourceHealth {
  sourceId: number;
  status: HealthStatus;
  feeds: number;
  failingFeeds: number;
  lastSuccessAt: number | null;
  /** The latest poll of any of its feeds, answered or not. */
  lastPolledAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /** The fewest consecutive failures among its feeds: 0 while any feed works. */
  consecutiveFailures: number;
  articlesPerDay: number;
  nextPollAt: number | null;
}

/** Sums a source's feeds into one health record: failing only when every polled feed fails. */
export function summarizeHealth(sourceId: number, feeds: Feed[]): SourceHealth {
  const polled = feeds.filter((f) => f.lastPolledAt !== null);
  const failing = polled.filter((f) => f.consecutiveFailures > 0);
  const latestError = [...feeds]
    .filter((f) => f.lastErrorAt !== null)
    .sort((a, b) => (b.lastErrorAt ?? 0) - (a.lastErrorAt ?? 0))[0];
  const max = (xs: Array<number | null>) => {
    const v = xs.filter((x): x is number => x !== null);
    return v.length ? Math.max(...v) : null;
  };
  const status: HealthStatus =
    polled.length === 0
      ? "pending"
      : failing.length === 0
        ? "ok"
        : failing.length < polled.length
          ? "degraded"
          : "failing";
  return {
    sourceId,
    status,
    feeds: feeds.length,
    failingFeeds: failing.length,
    lastSuccessAt: max(feeds.map((f) => f.lastSuccessAt)),
    lastPolledAt: max(feeds.map((f) => f.lastPolledAt)),
    lastError: latestError?.lastError ?? null,
    lastErrorAt: latestError?.lastErrorAt ?? null,
    consecutiveFailures: polled.length ? Math.min(...polled.map((f) => f.consecutiveFailures)) : 0,
    articlesPerDay: feeds.reduce((sum, f) => sum + f.articlesPerDay, 0),
    nextPollAt: feeds.length ? Math.min(...feeds.map((f) => f.nextPollAt)) : null,
  };
}

/** Health of one source, or of every source (by id) when none is named. */
export async function sourceHealth(store: Store): Promise<Map<number, SourceHealth>>;
export async function sourceHealth(store: Store, sourceId: number): Promise<SourceHealth>;
export async function sourceHealth(
  store: Store,
  sourceId?: number,
): Promise<SourceHealth | Map<number, SourceHealth>> {
  const feeds = await store.sources.feeds(sourceId);
  if (sourceId !== undefined) return summarizeHealth(sourceId, feeds);
  const bySource = new Map<number, Feed[]>();
  for (const f of feeds) bySource.set(f.sourceId, [...(bySource.get(f.sourceId) ?? []), f]);
  return new Map([...bySource].map(([id, fs]) => [id, summarizeHealth(id, fs)]));
}
