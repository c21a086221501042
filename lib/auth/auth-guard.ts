import { AttemptLimiter } from "./attempt-limiter";

const MINUTE = 60_000;

/**
 * Per-process limits on the signed-out forms. Sign-in limits are not here: they are kept in the database
 * (lib/auth/sign-in.ts), so they hold across processes.
 */
export interface AuthGuard {
  /** Sign-ups per client address, successful or not. */
  signUp: AttemptLimiter;
}

export function createAuthGuard(): AuthGuard {
  return { signUp: new AttemptLimiter(20, 60 * MINUTE) };
}

// One guard per process, shared by every copy of this module (Next's bundles and the custom server).
const SLOT = Symbol.for("lede.authGuard");

export function sharedAuthGuard(): AuthGuard {
  const g = globalThis as { [SLOT]?: AuthGuard };
  g[SLOT] ??= createAuthGuard();
  return g[SLOT];
}

/**
 * The client address for per-address limits: the first X-Forwarded-For entry, which Next fills from the socket
 * when no proxy sent one. Behind no proxy a client can forge it, so the per-email limit is the one that protects
 * each account; the per-address limit slows honest-header spraying only.
 */
export function clientAddress(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers["x-forwarded-for"];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim();
  return first || "unknown";
}
