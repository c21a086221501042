import type { Logger } from "pino";

import type { Store } from "../db/store";
import type { Feed, Source } from "../db/types";
import { DEDUP_WINDOW_MS } from "../dedup/near-duplicate";
import { feedToEventLatency } from "./latency";
import { pollFeed, type PollContext } from "./poll-feed";

// Housekeeping cadence: near-duplicate index entries past the window are dropped, and latency is logged.
const HOUSEKEEPING_MS = 15 * 60_000;
/**
 * How long a claimed feed stays with its worker: far past a poll's deadline (15 s by default) and the storing of its
 * items, so no other worker polls it meanwhile; a worker that dies mid-poll leaves it due again after this.
 */
const CLAIM_MS = 5 * 60_000;

export interface WorkerOptions extends Omit<PollContext, "now"> {
  store: Store;
  log: Logger;
  concurrency: number;
  perHostConcurrency: number;
  tickMs?: number;
  now?: () => number;
}

/**
 * Polls due feeds on a timer, at most `concurrency` at once and `perHostConcurrency` per host, so one slow
 * publisher never starves the others and no host sees a burst from us.
 */
export class IngestWorker {
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Map<number, Promise<void>>();
  private perHost = new Map<string, number>();
  private stopped = false;
  private lastHousekeeping = 0;

  constructor(private readonly opts: WorkerOptions) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.tick().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.opts.tickMs ?? 1_000);
      });
    };
    tick();
  }

  async tick(): Promise<void> {
    const now = (this.opts.now ?? Date.now)();
    if (now - this.lastHousekeeping >= HOUSEKEEPING_MS) {
      this.lastHousekeeping = now;
      await this.housekeeping(now);
    }
    const free = this.opts.concurrency - this.inFlight.size;
    if (free <= 0) return;
    // Read past the free slots: feeds of a host already at its limit are skipped, and others must get a turn.
    const due = await this.opts.store.sources.dueFeeds(now, Math.max(free * 4, 64));
    for (const feed of due) {
      if (this.inFlight.size >= this.opts.concurrency) break;
      if (this.inFlight.has(feed.id)) continue;
      const host = safeHost(feed.url);
      if ((this.perHost.get(host) ?? 0) >= this.opts.perHostConcurrency) continue;
      // Workers sharing the database split the due feeds: a feed another worker took is skipped.
      if (!(await this.opts.store.sources.claimFeed(feed.id, now, now + CLAIM_MS))) continue;
      this.launch(feed, host);
    }
  }

  private launch(feed: Feed & { source: Source }, host: string): void {
    this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
    const ctx: PollContext = { ...this.opts, now: this.opts.now ?? Date.now };
    const run = pollFeed(ctx, feed)
      .then((outcome) => {
        if (outcome.ok) this.opts.log.debug({ feed: feed.url, ...outcome }, "feed polled");
        else
          this.opts.log.warn(
            { feed: feed.url, source: feed.source.slug, error: outcome.error },
            "feed poll failed",
          );
      })
      // pollFeed records its own failures; this is the database failing under it. The feed is due again when
      // its claim runs out.
      .catch((err: unknown) =>
        this.opts.log.error({ err, feed: feed.url }, "feed poll could not be recorded"),
      )
      .finally(() => {
        this.inFlight.delete(feed.id);
        const n = (this.perHost.get(host) ?? 1) - 1;
        if (n <= 0) this.perHost.delete(host);
        else this.perHost.set(host, n);
      });
    this.inFlight.set(feed.id, run);
  }

  private async housekeeping(now: number): Promise<void> {
    try {
      await this.opts.store.articles.pruneNearDuplicateIndex(now - 2 * DEDUP_WINDOW_MS);
    } catch (err) {
      this.opts.log.warn({ err }, "near-duplicate index pruning failed");
    }
    const latency = feedToEventLatency.snapshot();
    if (latency) this.opts.log.info({ feedToEventMs: latency }, "feed-to-event latency");
  }

  /** Waits for polls under way (their results are committed), then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled(this.inFlight.values());
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
