import type pg from "pg";

import { pgMigrations, type PgMigration } from "./migrations";

/** Any number: the key of the advisory lock that lets one process at a time migrate a database. */
const MIGRATION_LOCK = 0x1ede_0001;

/**
 * Applies pending migrations, each in its own transaction, under an advisory lock held for the whole run, so
 * processes starting at once apply each migration exactly once. Returns the versions applied.
 */
export async function migratePostgres(pool: pg.Pool, list: PgMigration[] = pgMigrations): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)`);
    for (const m of list) {
      await client.query("BEGIN");
      try {
        const done = await client.query("SELECT 1 FROM schema_migrations WHERE version = $1", [m.version]);
        if (done.rowCount === 0) {
          await client.query(m.up);
          await client.query(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            [m.version, m.name, Date.now()],
          );
          applied.push(m.version);
        }
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw new Error(`PostgreSQL migration ${m.version} (${m.name}) failed: ${(e as Error).message}`, {
          cause: e,
        });
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
