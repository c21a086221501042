import { postgresStoreOn, type PostgresStore } from "../../db/postgres/postgres-store";
import type { Store } from "../../db/store";
import type { Plan } from "../../db/types";
import { hashKey } from "../../keys/key-format";
import { billingMonth } from "../../quota/credits";
import { keyWithScopes } from "../../search/test-fixtures";
import { testApiDeps, type GivenStore, type TestApiDeps } from "../../testing/api-deps";
import { openPglite } from "../../testing/pglite-server";
import type { tempStore } from "../../testing/temp-store";
import { setApiDepsForTesting } from "../deps";
import { buildWorld, WORLD_NOW, type World } from "./world";

export interface Harness<S extends Store = ReturnType<typeof tempStore>> {
  t: TestApiDeps<S>;
  clock: { now: number };
  world: World;
  key(plan?: Plan, scopes?: string[]): Promise<string>;
  /** A live key whose scopes lack `read`. */
  keyWithout(scopes: string[]): Promise<string>;
  stored(key: string): Promise<{ id: string; accountId: number; keyHash: string }>;
  /** Sets the account's credits used this month. */
  setUsed(key: string, used: number): Promise<void>;
  used(key: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Real API dependencies on a store holding the world, with a clock the test moves: a temporary SQLite store, or
 * `given` (any backend; `close` lets it go through its `cleanup`).
 */
export async function openHarness(): Promise<Harness>;
export async function openHarness<S extends Store>(given: GivenStore<S>): Promise<Harness<S>>;
export async function openHarness(given?: GivenStore): Promise<Harness<Store>> {
  const clock = { now: WORLD_NOW };
  const t: TestApiDeps = given ? testApiDeps(() => clock.now, given) : testApiDeps(() => clock.now);
  setApiDepsForTesting(async () => t.deps);
  let world: World;
  try {
    world = await buildWorld(t.store, WORLD_NOW);
  } catch (e) {
    setApiDepsForTesting(undefined);
    await t.cleanup();
    throw e;
  }
  const stored = async (key: string) => {
    const row = await t.store.keys.findByHash(hashKey(key));
    if (!row) throw new Error("unknown key");
    return row;
  };
  const month = () => billingMonth(clock.now);
  return {
    t,
    clock,
    world,
    key: (plan = "free", scopes = ["read"]) => t.key(plan, scopes),
    keyWithout: (scopes) => keyWithScopes(t.store, scopes),
    stored,
    async setUsed(key, used) {
      const { accountId } = await stored(key);
      const now = await t.store.credits.used(accountId, month());
      if (used > now) await t.store.credits.reserve(accountId, month(), used - now, Number.MAX_SAFE_INTEGER);
      else if (used < now) await t.store.credits.refund(accountId, month(), now - used);
    },
    async used(key) {
      return t.store.credits.used((await stored(key)).accountId, month());
    },
    async close() {
      setApiDepsForTesting(undefined);
      await t.cleanup();
    },
  };
}

/** The harness on the PostgreSQL store over an in-memory PGlite with pgvector (migrated, vector tables made). */
export async function openPostgresHarness(): Promise<Harness<PostgresStore>> {
  const pg = await openPglite();
  let store: PostgresStore;
  try {
    store = await postgresStoreOn(pg);
  } catch (e) {
    await pg.close();
    throw e;
  }
  return openHarness({ store, cleanup: () => store.close() });
}
