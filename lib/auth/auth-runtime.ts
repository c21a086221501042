import "server-only";

import { getAppContext, type AppContext } from "../context";
import { loadAuthEnv, type AuthEnv } from "./auth-env";
import { sharedAuthGuard, type AuthGuard } from "./auth-guard";
import { loadAuthSecret } from "./auth-secret";

/** What sign-in, sign-up and session checks need, created once per process. */
export interface AuthRuntime {
  ctx: AppContext;
  env: AuthEnv;
  secret: string;
  guard: AuthGuard;
}

const SLOT = Symbol.for("lede.authRuntime");

export function getAuthRuntime(): Promise<AuthRuntime> {
  const g = globalThis as { [SLOT]?: Promise<AuthRuntime> };
  g[SLOT] ??= (async () => {
    const ctx = await getAppContext();
    const env = loadAuthEnv();
    // With no public URL configured, next-auth builds its callback URLs from the request's Host (what a
    // self-hosted install on any address needs); set NEXTAUTH_URL behind a proxy that rewrites Host.
    if (!env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
    return { ctx, env, secret: loadAuthSecret(ctx.dataDir, env.NEXTAUTH_SECRET), guard: sharedAuthGuard() };
  })();
  return g[SLOT];
}
