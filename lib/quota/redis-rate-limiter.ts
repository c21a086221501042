import { Redis } from "ioredis";

import { MemoryRateLimiter } from "./memory-rate-limiter";
import type { RateLimiter, RateLimitResult } from "./rate-limiter";

// The sliding log of MemoryRateLimiter as a sorted set per key (score = request time), so every server instance
// counts against one limit. One script run per request: drop the entries that left the window, count, add this
// request when it fits, and return the count and the oldest entry's time. ARGV: now, limit, window, member, add
// (0 for a peek).
const HIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[3]))
local n = redis.call('ZCARD', KEYS[1])
local allowed = 0
if n < tonumber(ARGV[2]) then
  allowed = 1
  if ARGV[5] == '1' then
    redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
    n = n + 1
  end
end
if ARGV[5] == '1' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or ARGV[1]
return {allowed, n, oldest}`;

type LimitingRedis = Redis & {
  slidingHit(
    key: string,
    now: number,
    limit: number,
    window: number,
    member: string,
    add: 0 | 1,
  ): Promise<[number, number, string]>;
};

export interface RedisRateLimiterOptions {
  url: string;
  /** Key prefix; instances that share limits use the same one. */
  prefix?: string;
  /** The sliding window (default 60 s). */
  windowMs?: number;
  /** Told once when Redis cannot answer and this process falls back to counting alone, and once when it is back. */
  onFallback?: (err: unknown | null) => void;
}

/**
 * A rate limiter shared by every instance that uses the same Redis (`LEDE_REDIS_URL`): a key gets `limit` requests
 * in any window (60 s unless told) however its requests spread over servers. While Redis does not answer, each process
 * counts alone (the one-machine behaviour) rather than refusing every request.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: LimitingRedis;
  private readonly prefix: string;
  private readonly local: MemoryRateLimiter;
  private readonly windowMs: number;
  private seq = 0;
  private readonly tag = Math.random().toString(36).slice(2, 10);
  private fallingBack = false;
  private readonly connecting: Promise<void>;

  constructor(private readonly opts: RedisRateLimiterOptions) {
    this.prefix = opts.prefix ?? "lede:rl:";
    this.windowMs = opts.windowMs ?? 60_000;
    this.local = new MemoryRateLimiter(this.windowMs);
    this.redis = new Redis(opts.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 1_000,
    }) as LimitingRedis;
    this.redis.defineCommand("slidingHit", { numberOfKeys: 1, lua: HIT });
    // Connection errors surface through the commands that fail; the client keeps reconnecting on its own.
    this.redis.on("error", () => undefined);
    this.connecting = this.redis.connect().catch(() => undefined);
  }

  /** Settles once the first connection attempt has (requests before it wait for it, at most about a second). */
  ready(): Promise<void> {
    return this.connecting;
  }

  hit(keyId: string, limit: number, now: number): Promise<RateLimitResult> {
    return this.run(keyId, limit, now, 1);
  }

  peek(keyId: string, limit: number, now: number): Promise<RateLimitResult> {
    return this.run(keyId, limit, now, 0);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private async run(keyId: string, limit: number, now: number, add: 0 | 1): Promise<RateLimitResult> {
    // The local log counts every request too, so a fallback starts from this process's recent share.
    const local = add ? this.local.hit(keyId, limit, now) : this.local.peek(keyId, limit, now);
    let reply: [number, number, string];
    if (this.redis.status === "connecting" || this.redis.status === "wait") await this.connecting;
    try {
      reply = await this.redis.slidingHit(
        this.prefix + keyId,
        now,
        limit,
        this.windowMs,
        `${now}:${this.tag}:${++this.seq}`,
        add,
      );
    } catch (err) {
      if (!this.fallingBack) this.opts.onFallback?.(err);
      this.fallingBack = true;
      return local;
    }
    if (this.fallingBack) this.opts.onFallback?.(null);
    this.fallingBack = false;
    const [allowed, count, oldest] = reply;
    const freesAt = Number(oldest) + this.windowMs;
    return {
      allowed: allowed === 1,
      limit,
      remaining: Math.max(0, limit - count),
      resetSec: Math.ceil(freesAt / 1000),
      retryAfterSec: add && allowed !== 1 ? Math.max(1, Math.ceil((freesAt - now) / 1000)) : 0,
    };
  }
}
