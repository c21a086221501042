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
