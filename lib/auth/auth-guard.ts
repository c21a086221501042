import { loadEnv } from "../env";
import { logger } from "../logger";
import { MemoryRateLimiter } from "../quota/memory-rate-limiter";
import type { RateLimiter } from "../quota/rate-limiter";
import { RedisRateLimiter } from "../quota/redis-rate-limiter";

const MINUTE = 60_000;

/** Sign-ups one client address may attempt in an hour, successful or not. */
export const SIGN_UP_LIMIT = 20;
const SIGN_UP_WINDOW_MS = 60 * MINUTE;

/**
 * Limits on the signed-out forms. Sign-in limits are not here: they are kept in the database
 * (lib/auth/sign-in.ts), so they hold across processes. Sign-ups are counted per client address in Redis when
 * `LEDE_REDIS_URL` is set (one count over every instance), else in this process.
 */
export interface AuthGuard {
  /** Sign-ups per client address, successful or not: `SIGN_UP_LIMIT` an hour. */
  signUp: RateLimiter;
}

export function createAuthGuard(redisUrl?: string): AuthGuard {
  if (!redisUrl) return { signUp: new MemoryRateLimiter(SIGN_UP_WINDOW_MS) };
  return {
    signUp: new RedisRateLimiter({
      url: redisUrl,
      prefix: "lede:signup:",
      windowMs: SIGN_UP_WINDOW_MS,
      onFallback: (err) =>
        err
          ? logger.warn(
              { err },
              "sign-up limits: Redis does not answer; counting in this process until it does",
            )
          : logger.info("sign-up limits: Redis answers again; limits are shared"),
    }),
  };
}

// One guard per process, shared by every copy of this module (Next's bundles and the custom server).
const SLOT = Symbol.for("lede.authGuard");

export function sharedAuthGuard(): AuthGuard {
  const g = globalThis as { [SLOT]?: AuthGuard };
  g[SLOT] ??= createAuthGuard(loadEnv().LEDE_REDIS_URL);
  return g[SLOT];
}
