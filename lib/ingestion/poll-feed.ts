import type { Store } from "../db/store";
import type { Feed, Source } from "../db/types";
import type { StoryClustering } from "../stories/story-clustering";
import { FeedFetchError, fetchFeed } from "./fetch-feed";
import { FeedParseError, parseFeed } from "./parse-feed";
import { runPipeline } from "./pipeline";

export const MIN_INTERVAL_MS = 2 * 60_000;
export const MAX_INTERVAL_MS = 2 * 60 * 60_000;
export const MAX_BACKOFF_MS = 6 * 60 * 60_000;

export interface PollContext {
  store: Store;
  now: () => number;
  onAppended?: () => void;
  clustering?: StoryClustering;
  fetchImpl?: typeof fetch;
  userAgent?: string;
  timeoutMs?: number;
}

export type PollOutcome =
  | { ok: true; notModified: boolean; entries: number; inserted: number; invalid: number }
  | { ok: false; error: string };

/** A feed that publishes is polled sooner, a quiet one later, within [2 min, 2 h]. */
export function nextInterval(current: number, newItems: number): number {
  const next = newItems > 0 ? current / 1.5 : current * 1.25;
  return Math.round(Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, next)));
}

/** Exponential backoff for a failing feed, with ±10 % jitter so failures do not synchronise. */
export function backoffDelay(
  interval: number,
  failures: number,
  retryAfterMs?: number,
  rand = Math.random,
): number {
  const base = Math.min(MAX_BACKOFF_MS, interval * 2 ** Math.min(failures, 10));
  return Math.max(retryAfterMs ?? 0, Math.round(base * (0.9 + rand() * 0.2)));
}

/** Polls one feed, runs its new entries through the pipeline and records the feed's health. Never throws. */
export async function pollFeed(ctx: PollContext, feed: Feed & { source: Source }): Promise<PollOutcome> {
  const started = ctx.now();
  try {
    const res = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      fetchImpl: ctx.fetchImpl,
      userAgent: ctx.userAgent,
      timeoutMs: ctx.timeoutMs,
    });
    if (res.status === "not_modified") {
      const intervalMs = nextInterval(feed.intervalMs, 0);
      await ctx.store.sources.recordPoll(feed.id, {
        ok: true,
        at: started,
        intervalMs,
        nextPollAt: started + intervalMs,
        newItems: 0,
      });
      return { ok: true, notModified: true, entries: 0, inserted: 0, invalid: 0 };
    }
    const parsed = parseFeed(res.body);
    const discoveredAt = ctx.now();
    const result = await runPipeline(
      { store: ctx.store, onAppended: ctx.onAppended, clustering: ctx.clustering },
      parsed.entries.map((e) => ({
        raw: {
          url: e.link,
          title: e.title,
          published: e.published,
          summary: e.summary,
          imageUrl: e.imageUrl,
          categories: e.categories,
          feedCategory: feed.category,
          language: e.language,
        },
        source: feed.source,
        baseUrl: res.finalUrl,
        discoveredAt,
      })),
    );
    const newItems = result.inserted.length;
    const intervalMs = nextInterval(feed.intervalMs, newItems);
    const sinceLast = feed.lastSuccessAt ? Math.max(started - feed.lastSuccessAt, 60_000) : 86_400_000;
    const rate = (newItems * 86_400_000) / sinceLast;
    const articlesPerDay = feed.lastSuccessAt ? feed.articlesPerDay * 0.8 + rate * 0.2 : newItems;
    await ctx.store.sources.recordPoll(feed.id, {
      ok: true,
      at: started,
      intervalMs,
      nextPollAt: started + intervalMs,
      etag: res.etag,
      lastModified: res.lastModified,
      newItems,
      articlesPerDay,
    });
    return {
      ok: true,
      notModified: false,
      entries: parsed.entries.length,
      inserted: newItems,
      invalid: result.invalid.length,
    };
  } catch (e) {
    const known = e instanceof FeedFetchError || e instanceof FeedParseError;
    const error = known ? e.message : `unexpected: ${(e as Error).message}`;
    const retryAfter = e instanceof FeedFetchError ? e.retryAfterMs : undefined;
    const delay = backoffDelay(feed.intervalMs, feed.consecutiveFailures, retryAfter);
    await ctx.store.sources.recordPoll(feed.id, {
      ok: false,
      at: started,
      intervalMs: feed.intervalMs,
      nextPollAt: started + delay,
      error,
    });
    return { ok: false, error };
  }
}
