import { Redis } from "ioredis";
import type { Logger } from "pino";

import type { EventRepo } from "../db/store";
import type { EventBus, LiveEvent } from "./bus";

export interface RedisRelayOptions {
  url: string;
  bus: EventBus;
  events: Pick<EventRepo, "logId">;
  log: Logger;
  /** Pub/sub channel; instances that share a feed use the same one. */
  channel?: string;
  /** Local events kept for publishing while Redis is unreachable; the oldest are dropped past it. */
  maxBacklog?: number;
}

interface WireEvent {
  log: string;
  event: Omit<LiveEvent, "vector">;
  vector?: string;
  model?: string | null;
}

// Publishes an event unless an event of the same log with an equal or higher id was already published. Every
// process tailing one log offers each event, in id order; the first offer wins, so the feed carries it once.
const PUBLISH_ONCE = `
local last = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) <= last then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], ARGV[3])
return 1`;

type PublishingRedis = Redis & {
  publishOnce(hash: string, channel: string, log: string, id: number, message: string): Promise<number>;
};

/**
 * Shares the live feed between server instances through Redis pub/sub. Each instance still delivers its own
 * log's events from its log tailer, as without Redis; the relay offers those events to Redis (published once
 * per log, however many instances tail it) and hands events of *other* logs to the local bus. An instance
 * ignores its own log's events coming back from Redis, so no subscriber gets an event twice.
 */
export class RedisRelay {
  private pub: PublishingRedis;
  private sub: Redis;
  private logId = "";
  private backlog: LiveEvent[] = [];
  private flushing: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private lastRemote = new Map<string, number>();
  private readonly channel: string;
  private readonly hashKey: string;

  constructor(private readonly opts: RedisRelayOptions) {
    this.channel = opts.channel ?? "lede:events";
    this.hashKey = `${this.channel}:published`;
    const common = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
    this.pub = new Redis(opts.url, common) as PublishingRedis;
    this.pub.defineCommand("publishOnce", { numberOfKeys: 2, lua: PUBLISH_ONCE });
    this.sub = new Redis(opts.url, common);
    for (const client of [this.pub, this.sub])
      client.on("error", (err: Error) => opts.log.warn({ err: err.message }, "redis connection error"));
  }

  async start(): Promise<void> {
    this.logId = await this.opts.events.logId();
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on("message", (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    await this.sub.subscribe(this.channel);
    this.unsubscribe = this.opts.bus.subscribe((e, remote) => {
      if (!remote) this.offer(e);
    });
  }

  /** The identity of this instance's log, as it appears on the wire. */
  get localLog(): string {
    return this.logId;
  }

  private offer(e: LiveEvent): void {
    this.backlog.push(e);
    const max = this.opts.maxBacklog ?? 10_000;
    if (this.backlog.length > max) {
      const dropped = this.backlog.splice(0, this.backlog.length - max);
      this.opts.log.warn(
        { dropped: dropped.length },
        "redis unreachable: dropped events from the relay backlog",
      );
    }
    void this.flush();
  }

  /** Sends the backlog in one pipeline; on failure keeps it and tries again shortly. */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      // Yield first, so `flushing` is assigned before this body can finish and clear it.
      await null;
      try {
        while (this.backlog.length > 0) {
          const batch = this.backlog.slice(0, 500);
          const pipeline = this.pub.pipeline() as ReturnType<Redis["pipeline"]> & {
            publishOnce(...args: Array<string | number>): unknown;
          };
          for (const e of batch)
            pipeline.publishOnce(this.hashKey, this.channel, this.logId, e.id, this.encode(e));
          const results = (await pipeline.exec()) ?? [];
          const failed = results.find(([err]) => err);
          if (failed) throw failed[0];
          this.backlog.splice(0, batch.length);
        }
      } catch (err) {
        this.opts.log.warn({ err: (err as Error).message }, "publishing to redis failed; will retry");
        this.retry ??= setTimeout(() => {
          this.retry = undefined;
          void this.flush();
        }, 1_000);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private encode(e: LiveEvent): string {
    // The payload travels parsed (the raw text is dropped so it is not sent twice).
    const { vector, payloadJson: _raw, ...event } = e;
    const wire: WireEvent = { log: this.logId, event };
    if (vector) {
      wire.vector = Buffer.from(
        vector.vector.buffer,
        vector.vector.byteOffset,
        vector.vector.byteLength,
      ).toString("base64");
      wire.model = vector.model;
    }
    return JSON.stringify(wire);
  }

  private receive(message: string): void {
    let wire: WireEvent;
    try {
      wire = JSON.parse(message) as WireEvent;
    } catch {
      return this.opts.log.warn("ignored a malformed message on the redis event channel");
    }
    // This log's events reach local subscribers through the log tailer already.
    if (wire.log === this.logId) return;
    const last = this.lastRemote.get(wire.log) ?? 0;
    if (wire.event.id <= last) return;
    this.lastRemote.set(wire.log, wire.event.id);
    const event: LiveEvent = { ...wire.event };
    if (wire.vector) {
      const bytes = Buffer.from(wire.vector, "base64");
      const vector = new Float32Array(bytes.byteLength / 4);
      new Uint8Array(vector.buffer).set(bytes);
      event.vector = { vector, model: wire.model ?? null };
    }
    this.opts.bus.deliverRemote(event);
  }

  /** Publishes what is still waiting (best effort), then disconnects. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearTimeout(this.retry);
    await (this.flushing ?? this.flush());
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
