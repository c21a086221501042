import type { EventRepo } from "../db/store";
import { attachVectors } from "./attach-vectors";
import type { EventBus } from "./bus";

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
        // Embeddings are loaded here, once per event, so no subscriber reads the database on its own.
        const events = await attachVectors(
          this.opts.events,
          await this.opts.events.after(this.opts.bus.lastPublishedId, batch),
        );
        for (const e of events) this.opts.bus.publish(e);
        if (events.length < batch) return;
      }
    } catch (e) {
      this.opts.onError?.(e);
    }
  }

  /** Stops polling after publishing everything the log holds now (a read under way is waited for first). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    await this.poke();
  }
}
