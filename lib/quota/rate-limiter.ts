export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which a request slot frees up (X-RateLimit-Reset). */
  resetSec: number;
  /** Whole seconds to wait before retrying; 0 when allowed. */
  retryAfterSec: number;
}

/** In memory per process (MemoryRateLimiter), or shared by every instance through Redis (RedisRateLimiter). */
export interface RateLimiter {
  hit(keyId: string, limit: number, now: number): RateLimitResult | Promise<RateLimitResult>;
  /** The key's state without using a request slot (for responses refused before the limiter runs). */
  peek(keyId: string, limit: number, now: number): RateLimitResult | Promise<RateLimitResult>;
  close?(): Promise<void>;
}
