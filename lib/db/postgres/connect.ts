import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

import { migratePostgres } from "./migrate";
import type { Database } from "./schema";

export type PgDb = Kysely<Database>;

export interface PgConnection {
  db: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Type parsers of this pool's connections: bigint (times in ms, ids, counts) and numeric (sums) as JS numbers.
 * Every value Lede stores fits in 2^53; set per pool so no other user of `pg` in the process is affected.
 */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC)
      return (value: string) => (value === null ? null : Number(value));
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

export interface OpenPostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
}

/** Opens a pool on a `postgres://` URL, applies pending migrations, and wraps it in Kysely. */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<PgConnection> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle connection that fails (server restart) must not take the process down; the pool replaces it.
  pool.on("error", (e) => process.stderr.write(`lede: PostgreSQL connection lost: ${e.message}\n`));
  try {
    if (options.migrate !== false) await migratePostgres(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    // Kysely ends the pool only once it has run a query through it.
    close: async () => {
      await db.destroy();
      if (!pool.ended) await pool.end();
    },
  };
}
