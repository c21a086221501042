import type { RateLimiter, RateLimitResult } from "./rate-limiter";

/**
 * A sliding-log limiter: a key may make at most `limit` requests in any span of `windowMs` (60 s unless told).
 * Unlike fixed windows it lets no double burst through at a window edge. Memory is at most `limit` timestamps per
 * active key.
 */
export class MemoryRateLimiter implements RateLimiter {
  private logs = new Map<string, number[]>();
  private sweeps = 0;

  constructor(private readonly windowMs = 60_000) {}

  hit(keyId: string, limit: number, now: number): RateLimitResult {
    if (++this.sweeps % 10_000 === 0) this.sweep(now);
    let log = this.logs.get(keyId);
    if (!log) this.logs.set(keyId, (log = []));
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < log.length && (log[drop] as number) <= cutoff) drop++;
    if (drop) log.splice(0, drop);
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    const oldest = log[0] ?? now;
    const freesAt = oldest + this.windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.length),
      resetSec: Math.ceil(freesAt / 1000),
      retryAfterSec: allowed ? 0 : Math.max(1, Math.ceil((freesAt - now) / 1000)),
    };
  }

  peek(keyId: string, limit: number, now: number): RateLimitResult {
    const log = this.logs.get(keyId) ?? [];
    const cutoff = now - this.windowMs;
    let live = log.length;
    for (const t of log) if (t <= cutoff) live--;
    const oldest = log.find((t) => t > cutoff) ?? now;
    return {
      allowed: live < limit,
      limit,
      remaining: Math.max(0, limit - live),
      resetSec: Math.ceil((oldest + this.windowMs) / 1000),
      retryAfterSec: 0,
    };
  }

  private sweep(now: number): void {
    for (const [k, log] of this.logs)
      if ((log[log.length - 1] ?? 0) <= now - this.windowMs) this.logs.delete(k);
  }
}
