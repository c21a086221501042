import type { Store } from "../db/store";
import type { Article, Feed, Source } from "../db/types";
import { refreshSourceProfile } from "../sources/source-profile";
import type { StoryClustering } from "../stories/story-clustering";
import { FeedFetchError, fetchFeed, type FetchFeedOptions } from "./fetch-feed";
import { feedToEventLatency, type LatencyRecorder } from "./latency";
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
  /**
   * The SSRF policy for feed fetches: the operator's private-address allowlist (`fetchOptionsFromEnv`). Absent,
   * only public addresses are fetched.
   */
  fetch?: FetchFeedOptions["fetch"];
  userAgent?: string;
  timeoutMs?: number;
  /** Where feed-to-event latencies go (the process-wide recorder unless told). */
  latency?: LatencyRecorder;
  /** Told of the articles each poll stored (see PipelineContext.onInserted). */
  onInserted?: (articles: Article[]) => void;
  /** Bounds of the adaptive poll interval (default 2 min – 2 h; demo mode polls its newswire faster). */
  intervalBounds?: IntervalBounds;
}

export interface IntervalBounds {
  minMs: number;
  maxMs: number;
}

export type PollOutcome =
  | {
      ok: true;
      notModified: boolean;
      entries: number;
      inserted: number;
      invalid: number;
      /** Poll start → the new entries' `item.new` events committed, in ms; null when nothing was new. */
      feedToEventMs: number | null;
    }
  | { ok: false; error: string };

/** A feed that publishes is polled sooner, a quiet one later, within the bounds (by default [2 min, 2 h]). */
export function nextInterval(
  current: number,
  newItems: number,
  bounds: IntervalBounds = { minMs: MIN_INTERVAL_MS, maxMs: MAX_INTERVAL_MS },
): number {
  const next = newItems > 0 ? current / 1.5 : current * 1.25;
  return Math.round(Math.min(bounds.maxMs, Math.max(bounds.minMs, next)));
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

/** Articles per day as a moving average over polls: each poll's rate weighs a fifth. */
export function articlesPerDay(feed: Feed, newItems: number, at: number): number {
  if (!feed.lastSuccessAt) return newItems;
  const sinceLast = Math.max(at - feed.lastSuccessAt, 60_000);
  return feed.articlesPerDay * 0.8 + ((newItems * 86_400_000) / sinceLast) * 0.2;
}

/** Polls one feed, runs its new entries through the pipeline and records the feed's health. Never throws. */
export async function pollFeed(ctx: PollContext, feed: Feed & { source: Source }): Promise<PollOutcome> {
  const started = ctx.now();
  const t0 = performance.now();
  try {
    const res = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      fetch: ctx.fetch,
      userAgent: ctx.userAgent,
      timeoutMs: ctx.timeoutMs,
    });
    if (res.status === "not_modified") {
      const intervalMs = nextInterval(feed.intervalMs, 0, ctx.intervalBounds);
      await ctx.store.sources.recordPoll(feed.id, {
        ok: true,
        at: started,
        intervalMs,
        nextPollAt: started + intervalMs,
        newItems: 0,
        articlesPerDay: articlesPerDay(feed, 0, started),
      });
      return { ok: true, notModified: true, entries: 0, inserted: 0, invalid: 0, feedToEventMs: null };
    }
    const parsed = parseFeed(res.body);
    const discoveredAt = ctx.now();
    // The pipeline calls onAppended first right after the commit that stored the new articles and their
    // item.new events (clustering comes later): that moment ends the feed-to-event latency.
    let committedAt: number | null = null;
    const result = await runPipeline(
      {
        store: ctx.store,
        clustering: ctx.clustering,
        onInserted: ctx.onInserted,
        onAppended: () => {
          committedAt ??= performance.now();
          ctx.onAppended?.();
        },
      },
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
    const feedToEventMs = newItems > 0 ? (committedAt ?? performance.now()) - t0 : null;
    if (feedToEventMs !== null) (ctx.latency ?? feedToEventLatency).record(feedToEventMs);
    const intervalMs = nextInterval(feed.intervalMs, newItems, ctx.intervalBounds);
    await ctx.store.sources.recordPoll(feed.id, {
      ok: true,
      at: started,
      intervalMs,
      nextPollAt: started + intervalMs,
      etag: res.etag,
      lastModified: res.lastModified,
      newItems,
      articlesPerDay: articlesPerDay(feed, newItems, started),
    });
    await refreshSourceProfile(ctx.store, feed.source, parsed, res.finalUrl);
    return {
      ok: true,
      notModified: false,
      entries: parsed.entries.length,
      inserted: newItems,
      invalid: result.invalid.length,
      feedToEventMs,
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
