export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which a request slot frees up (X-RateLimit-Reset). */
  resetSec: number;
  /** Whole seconds to wait before retrying; 0 when allowed. */
  retryAfterSec: number;
}

export interface RateLimiter {
  hit(keyId: string, limit: number, now: number): RateLimitResult;
  /** The key's state without using a request slot (for responses refused before the limiter runs). */
  peek(keyId: string, limit: number, now: number): RateLimitResult;
}
