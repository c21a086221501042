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

/** A string parameter as node-postgres sends it to a server: a lone surrogate is U+FFFD (UTF-8 EF BF BD). */
const wellFormed = (v: unknown): unknown =>
  typeof v === "string"
    ? v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")
    : v;

/**
 * A client whose string parameters are well-formed UTF-16 before PGlite sees them. A real server gets a lone
 * surrogate (a request's path can carry one) as U+FFFD, but PGlite's wire adapter counts it otherwise and breaks the
 * connection ("invalid byte sequence for encoding UTF8: 0xef", then "portal does not exist").
 */
class WellFormedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // Only (text, values) and ({ text, values }) carry parameters.
    this.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (Array.isArray(values)) values = values.map(wellFormed);
      else if (
        config &&
        typeof config === "object" &&
        Array.isArray((config as { values?: unknown }).values)
      ) {
        // In place: a cursor or prepared query is an instance, not a plain object.
        const c = config as { values: unknown[] };
        c.values = c.values.map(wellFormed);
      }
      return query(config, values, callback);
    }) as typeof this.query;
  }
}

/**
 * An in-memory PGlite database with pgvector and the contrib extensions the migrations use, migrated, as a
 * PgConnection (bigint and numeric as numbers). The vector tables are not made: call `ensureVectorSchema`.
 */
export async function openPglite(extensions: Extensions = {}): Promise<PgConnection> {
  const lite = await PGlite.create({ extensions: { pg_trgm, unaccent, vector, ...extensions } });
  const pool = new pg.Pool({ ...createPgConfig(lite), max: 1, types, Client: WellFormedClient });
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
