import { Redis } from "ioredis";

import { StreamSlots, type StreamSlotCounter } from "./sse-relay";

/** A held slot counts for this long unless its holder renews it: a crashed server's streams free up by then. */
const SLOT_TTL_MS = 90_000;
const RENEW_MS = 30_000;

// One sorted set per user: a member per open stream, scored by the time it lapses. Acquire drops lapsed members,
// then adds this stream when fewer than the cap remain. ARGV: now, cap, lapses at, member.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`;

type SlotRedis = Redis & {
  acquireSlot(key: string, now: number, cap: number, until: number, member: string): Promise<number>;
};

export interface RedisStreamSlotsOptions {
  url: string;
  max: number;
  prefix?: string;
  /** Told once when Redis cannot answer and this process counts alone, and once when it is back. */
  onFallback?: (err: unknown | null) => void;
}

/**
 * The dashboard's open streams per user, counted over every instance that shares Redis (`LEDE_REDIS_URL`). Each
 * open stream holds a member that lapses 90 s after its last renewal (every 30 s), so a server that dies without
 * giving its slots back frees them within 90 s. While Redis does not answer, this process counts alone.
 */
export class RedisStreamSlots implements StreamSlotCounter {
  private readonly redis: SlotRedis;
  private readonly prefix: string;
  private readonly local: StreamSlots;
  private readonly held = new Map<string, number>();
  private readonly renewTimer: NodeJS.Timeout;
  private readonly tag = Math.random().toString(36).slice(2, 10);
  private seq = 0;
  private fallingBack = false;
  private readonly connecting: Promise<void>;

  constructor(private readonly opts: RedisStreamSlotsOptions) {
    this.prefix = opts.prefix ?? "lede:sse:";
    this.local = new StreamSlots(opts.max);
    this.redis = new Redis(opts.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 1_000,
    }) as SlotRedis;
    this.redis.defineCommand("acquireSlot", { numberOfKeys: 1, lua: ACQUIRE });
    this.redis.on("error", () => undefined);
    this.connecting = this.redis.connect().catch(() => undefined);
    this.renewTimer = setInterval(() => void this.renew(), RENEW_MS);
    this.renewTimer.unref();
  }

  ready(): Promise<void> {
    return this.connecting;
  }

  async acquire(userId: number, now = Date.now()): Promise<(() => void) | null> {
    if (this.redis.status === "connecting" || this.redis.status === "wait") await this.connecting;
    const key = this.prefix + userId;
    const member = `${this.tag}:${++this.seq}`;
    let got: number;
    try {
      got = await this.redis.acquireSlot(key, now, this.opts.max, now + SLOT_TTL_MS, member);
      this.healthy();
    } catch (err) {
      this.failing(err);
      return this.local.acquire(userId);
    }
    if (got !== 1) return null;
    const id = `${key} ${member}`;
    this.held.set(id, userId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held.delete(id);
      this.redis.zrem(key, member).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    clearInterval(this.renewTimer);
    this.redis.disconnect();
  }

  /** Pushes every held slot's lapse time on. */
  private async renew(now = Date.now()): Promise<void> {
    if (this.held.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of this.held.keys()) {
      const [key, member] = id.split(" ") as [string, string];
      pipeline.zadd(key, "XX", now + SLOT_TTL_MS, member);
      pipeline.pexpireat(key, now + SLOT_TTL_MS);
    }
    await pipeline.exec().then(
      () => this.healthy(),
      (err) => this.failing(err),
    );
  }

  private healthy(): void {
    if (this.fallingBack) this.opts.onFallback?.(null);
    this.fallingBack = false;
  }

  private failing(err: unknown): void {
    if (!this.fallingBack) this.opts.onFallback?.(err);
    this.fallingBack = true;
  }
}
