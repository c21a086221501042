import type { Logger } from "pino";

import type { EventRepo } from "../db/store";
import { BACKTEST_MAX_AGE_MS } from "./backtest-input";

export interface LogPrunerOptions {
  events: Pick<EventRepo, "prune">;
  log: Logger;
  /** How often to prune. */
  intervalMs?: number;
  /** Events older than this are removed (the backtest range, contract §7.7). */
  maxAgeMs?: number;
  /** Rows per delete; each batch is its own short write transaction. */
  batch?: number;
  /** Pause between batches, so other writers (this process's and other processes') get the lock in between. */
  pauseMs?: number;
  now?: () => number;
}

/** Removes events past the retention window in the background: on start, then on a timer. */
export class LogPruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(private readonly opts: LogPrunerOptions) {}

  start(): void {
    const every = this.opts.intervalMs ?? 3_600_000;
    const tick = () => {
      void this.runOnce();
      this.timer = setTimeout(tick, every);
      this.timer.unref();
    };
    // The first run waits a little, so a starting server serves before it prunes a backlog.
    this.timer = setTimeout(tick, Math.min(every, 10_000));
    this.timer.unref();
  }

  /** One pass; a pass still running is joined rather than doubled. Resolves to the number of events removed. */
  runOnce(): Promise<number> {
    this.running ??= (async () => {
      const started = Date.now();
      try {
        const before = (this.opts.now ?? Date.now)() - (this.opts.maxAgeMs ?? BACKTEST_MAX_AGE_MS);
        const removed = await this.opts.events.prune(
          before,
          this.opts.batch ?? 1_000,
          this.opts.pauseMs ?? 5,
        );
        if (removed > 0) this.opts.log.info({ removed, ms: Date.now() - started }, "pruned old events");
        return removed;
      } catch (err) {
        this.opts.log.error({ err }, "pruning the event log failed");
        return 0;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
