import type { Logger } from "pino";

import type { Store } from "../db/store";
import type { Feed, Source } from "../db/types";
import { pollFeed, type PollContext } from "./poll-feed";

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
    const free = this.opts.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const now = (this.opts.now ?? Date.now)();
    const due = await this.opts.store.sources.dueFeeds(now, free * 4);
    for (const feed of due) {
      if (this.inFlight.size >= this.opts.concurrency) break;
      if (this.inFlight.has(feed.id)) continue;
      const host = safeHost(feed.url);
      if ((this.perHost.get(host) ?? 0) >= this.opts.perHostConcurrency) continue;
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
      .finally(() => {
        this.inFlight.delete(feed.id);
        const n = (this.perHost.get(host) ?? 1) - 1;
        if (n <= 0) this.perHost.delete(host);
        else this.perHost.set(host, n);
      });
    this.inFlight.set(feed.id, run);
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
