import { dataDir, type Env } from "../env";
import { createPostgresStore } from "./postgres/postgres-store";
import { createSqliteStore } from "./sqlite/sqlite-store";
import type { Store } from "./store";

/** The store the environment names: PostgreSQL with `DATABASE_URL`, else the embedded SQLite database. */
export async function openStore(env: Env): Promise<Store> {
  if (env.DATABASE_URL) return createPostgresStore(env.DATABASE_URL, { max: env.LEDE_PG_POOL_MAX });
  return createSqliteStore(dataDir(env));
}
