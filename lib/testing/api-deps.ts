import pino from "pino";

import type { ApiDeps } from "../api/deps";
import type { Store } from "../db/store";
import type { Plan } from "../db/types";
import { createKey } from "../keys/create-key";
import { KeyVerifier } from "../keys/verify-key";
import { MemoryRateLimiter } from "../quota/memory-rate-limiter";
import { UsageRecorder } from "../usage/usage-recorder";
import { tempStore } from "./temp-store";

/** A store the test deps run on, and how to let it go (closing it, removing its files). */
export interface GivenStore<S extends Store = Store> {
  store: S;
  cleanup(): void | Promise<void>;
}

export interface TestApiDeps<S extends Store = Store> {
  store: S;
  deps: ApiDeps;
  /** Issues a key on a new account of this plan. */
  key(plan?: Plan, scopes?: string[]): Promise<string>;
  cleanup(): Promise<void>;
}

/**
 * Real API dependencies around a temporary SQLite store, or around `given` (any backend, e.g. PostgreSQL on
 * PGlite), plus a helper that issues keys.
 */
// The SQLite signature last: `ReturnType<typeof testApiDeps>` (what the route tests declare) reads it.
export function testApiDeps<S extends Store>(
  now: (() => number) | undefined,
  given: GivenStore<S>,
): TestApiDeps<S>;
export function testApiDeps(now?: () => number): TestApiDeps<ReturnType<typeof tempStore>>;
export function testApiDeps(now?: () => number, given?: GivenStore): TestApiDeps {
  const temp = given ? null : tempStore();
  const store: Store = given?.store ?? temp!;
  const release = () => (given ? given.cleanup() : temp!.cleanup());
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
      await release();
    },
  };
}

export function get(path: string, key?: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://lede.test${path}`, {
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
}
