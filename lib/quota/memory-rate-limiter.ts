import type { RateLimiter, RateLimitResult } from "./rate-limiter";

const WINDOW_MS = 60_000;

/**
 * A sliding-log limiter: a key may make at most `limit` requests in any 60-second span. Unlike fixed windows it
 * lets no double burst through at a window edge. Memory is at most `limit` timestamps per active key.
 */
export class MemoryRateLimiter implements RateLimiter {
  private logs = new Map<string, number[]>();
  private sweeps = 0;

  hit(keyId: string, limit: number, now: number): RateLimitResult {
    if (++this.sweeps % 10_000 === 0) this.sweep(now);
    let log = this.logs.get(keyId);
    if (!log) this.logs.set(keyId, (log = []));
    const cutoff = now - WINDOW_MS;
    let drop = 0;
    while (drop < log.length && (log[drop] as number) <= cutoff) drop++;
    if (drop) log.splice(0, drop);
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    const oldest = log[0] ?? now;
    const freesAt = oldest + WINDOW_MS;
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
    const cutoff = now - WINDOW_MS;
    let live = log.length;
    for (const t of log) if (t <= cutoff) live--;
    const oldest = log.find((t) => t > cutoff) ?? now;
    return {
      allowed: live < limit,
      limit,
      remaining: Math.max(0, limit - live),
      resetSec: Math.ceil((oldest + WINDOW_MS) / 1000),
      retryAfterSec: 0,
    };
  }

  private sweep(now: number): void {
    for (const [k, log] of this.logs) if ((log[log.length - 1] ?? 0) <= now - WINDOW_MS) this.logs.delete(k);
  }
}
