import type pg from "pg";

import { migratePostgres } from "./migrate";
import { vectorMigration } from "./migrations/stories";

export { PGVECTOR_MISSING } from "./migrations/stories";

/**
 * Creates the vector tables (pgvector, migration 39) when they are missing; call it when the store opens, after
 * `openPostgres`. It runs under the migration lock like every migration and is recorded in `schema_migrations`, so
 * processes starting at once apply it once. On a server without pgvector it throws an error naming the extension
 * (PGVECTOR_MISSING) and leaves the database as it was.
 */
export async function ensureVectorSchema(pool: pg.Pool): Promise<void> {
  await migratePostgres(pool, [vectorMigration]);
}

/** The installed pgvector version ("0.8.0"), or null without the extension. */
export async function pgvectorVersion(pool: pg.Pool): Promise<string | null> {
  const { rows } = await pool.query<{ v: string }>(
    "SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'",
  );
  return rows[0]?.v ?? null;
}
