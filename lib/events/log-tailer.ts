import type { EventRepo } from "../db/store";
import type { EventBus, LiveEvent } from "./bus";
import { isArticleEvent } from "./embedding-filters";

export interface LogTailerOptions {
  events: EventRepo;
  bus: EventBus;
  /** How often to look for events appended by other processes sharing the data directory. */
  intervalMs?: number;
  batch?: number;
  onError?: (e: unknown) => void;
}

/**
 * Publishes the event log to the bus in id order. Both this process's appends (via `poke`) and other processes'
 * (found by polling) take this one path, so subscribers see every event exactly once and in order.
 */
export class LogTailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly opts: LogTailerOptions) {}

  async start(fromId?: number): Promise<void> {
    this.opts.bus.lastPublishedId = fromId ?? (await this.opts.events.lastId());
    this.timer = setInterval(() => this.poke(), this.opts.intervalMs ?? 250);
    this.timer.unref();
  }

  /** Reads and publishes whatever is new; coalesces calls made while a read is under way. */
  poke(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.poke();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    const batch = this.opts.batch ?? 500;
    try {
      for (;;) {
        const events = await this.withVectors(
          await this.opts.events.after(this.opts.bus.lastPublishedId, batch),
        );
        for (const e of events) this.opts.bus.publish(e);
        if (events.length < batch) return;
      }
    } catch (e) {
      this.opts.onError?.(e);
    }
  }

  /** Loads article embeddings once per event, here, so no subscriber reads the database on its own. */
  private async withVectors(events: LiveEvent[]): Promise<LiveEvent[]> {
    const ids = events.filter((e) => isArticleEvent(e.type) && e.articleId !== null).map((e) => e.articleId);
    if (ids.length === 0) return events;
    const vectors = await this.opts.events.articleVectors(ids as number[]);
    for (const e of events) if (e.articleId !== null) e.vector = vectors.get(e.articleId) ?? null;
    return events;
  }

  /** Stops polling after publishing everything the log holds now (a read under way is waited for first). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    await this.poke();
  }
}
