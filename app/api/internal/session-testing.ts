import { encode } from "next-auth/jwt";
import pino from "pino";

import { setSessionDepsForTesting, type SessionDeps } from "@/lib/api/with-session";
import { signUp, SignUpBody } from "@/lib/auth/sign-up";
import { KeyVerifier } from "@/lib/keys/verify-key";
import { tempStore } from "@/lib/testing/temp-store";
import { UsageRecorder } from "@/lib/usage/usage-recorder";

const SECRET = "test-secret-".padEnd(64, "x");
const FAST = { N: 1024, r: 8, p: 1 };

/** Real dashboard dependencies around a temporary store, and signed-in users' session cookies. */
export function testSessionDeps(now?: () => number) {
  const store = tempStore();
  const deps: SessionDeps = {
    store,
    keys: new KeyVerifier(store, now),
    usage: new UsageRecorder(store.usage),
    log: pino({ level: "silent" }),
    secret: SECRET,
    now,
  };
  setSessionDepsForTesting(async () => deps);
  return {
    store,
    deps,
    /** Signs up a user and returns the Cookie header of their session. */
    async signIn(email = `u${Math.random().toString(36).slice(2)}@example.test`) {
      const { user, account } = await signUp(
        store,
        SignUpBody.parse({ email, password: "tidal-basin-42" }),
        FAST,
      );
      const token = await encode({ token: { uid: user.id }, secret: SECRET });
      return { user, account, cookie: `next-auth.session-token=${token}` };
    },
    async cleanup() {
      setSessionDepsForTesting(undefined);
      await deps.usage.close();
      store.cleanup();
    },
  };
}

export function internal(
  path: string,
  opts: { cookie?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  return new Request(`http://lede.test${path}`, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { "content-type": "application/json", origin: "http://lede.test" } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

export const params = <T extends Record<string, string>>(p: T) => ({ params: Promise.resolve(p) });
