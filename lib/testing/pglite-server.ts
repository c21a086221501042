// PostgreSQL in WebAssembly (PGlite) behind a node-postgres pool, for tests of SQL that needs an extension the test
// server lacks: pgvector (@electric-sql/pglite-pgvector). PGlite serves one connection, so the pool holds one.
import { PGlite, type Extensions } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

import type { PgConnection } from "../db/postgres/connect";
import { migratePostgres } from "../db/postgres/migrate";
import type { Database } from "../db/postgres/schema";

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC)
      return (value: string) => (value === null ? null : Number(value));
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/**
 * An in-memory PGlite database with pgvector and the contrib extensions the migrations use, migrated, as a
 * PgConnection (bigint and numeric as numbers). The vector tables are not made: call `ensureVectorSchema`.
 */
export async function openPglite(extensions: Extensions = {}): Promise<PgConnection> {
  const lite = await PGlite.create({ extensions: { pg_trgm, unaccent, vector, ...extensions } });
  const pool = new pg.Pool({ ...createPgConfig(lite), max: 1, types });
  await migratePostgres(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    close: async () => {
      await db.destroy();
      if (!pool.ended) await pool.end();
      await lite.close();
    },
  };
}
