import pino from "pino";

import type { ApiDeps } from "../api/deps";
import type { Plan } from "../db/types";
import { createKey } from "../keys/create-key";
import { KeyVerifier } from "../keys/verify-key";
import { MemoryRateLimiter } from "../quota/memory-rate-limiter";
import { UsageRecorder } from "../usage/usage-recorder";
import { tempStore } from "./temp-store";

/** Real API dependencies around a temporary store, plus a helper that issues keys. */
export function testApiDeps(now?: () => number) {
  const store = tempStore();
  const deps: ApiDeps = {
    store,
    keys: new KeyVerifier(store),
    limiter: new MemoryRateLimiter(),
    usage: new UsageRecorder(store.usage),
    log: pino({ level: "silent" }),
    now,
  };
  return {
    store,
    deps,
    async key(plan: Plan = "free", scopes: string[] = ["read"]) {
      return (await createKey(store, { email: `${plan}-${Math.random()}@example.test`, plan, scopes })).key;
    },
    async cleanup() {
      await deps.usage.close();
      store.cleanup();
    },
  };
}

export function get(path: string, key?: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://lede.test${path}`, {
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
}
