import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import { openPostgres } from "./connect";
import { migratePostgres } from "./migrate";
import { pgMigrations } from "./migrations";

const pg = postgresForTests();

describe("PostgreSQL migrations", () => {
  it("apply once, even when several processes open the database at once", async () => {
    const { url, close } = await pg.fresh();
    await close();
    // A fresh database of its own, opened by four pools at once: each migration is applied by exactly one.
    const admin = await openPostgres(url, { migrate: false, max: 1 });
    await admin.pool.query("CREATE DATABASE lede_race");
    await admin.close();
    const raceUrl = pg.server().urlOf("lede_race");
    const pools = await Promise.all(
      [1, 2, 3, 4].map(() => openPostgres(raceUrl, { migrate: false, max: 1 })),
    );
    const applied = await Promise.all(pools.map((p) => migratePostgres(p.pool)));
    expect(applied.flat().sort((a, b) => a - b)).toEqual(pgMigrations.map((m) => m.version));
    const { rows } = await pools[0]!.pool.query("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => r.version)).toEqual(pgMigrations.map((m) => m.version));
    await Promise.all(pools.map((p) => p.close()));
  });

  it("reads bigint columns as numbers", async () => {
    const { db } = await pg.fresh();
    await db.insertInto("leases").values({ name: "n", holder: "h", expires_at: 1_764_000_000_123 }).execute();
    const row = await db.selectFrom("leases").selectAll().executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(1_764_000_000_123);
    const { count } = await db
      .selectFrom("leases")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it("rolls a failing migration back and names it", async () => {
    const { pool } = await pg.fresh();
    await expect(
      migratePostgres(pool, [{ version: 999, name: "broken", up: "CREATE TABLE t (a int); SELECT nope" }]),
    ).rejects.toThrow(/migration 999 \(broken\) failed/);
    const { rows } = await pool.query("SELECT to_regclass('t') AS t");
    expect(rows[0].t).toBeNull();
  });

  it("the generated Kysely types are current", async () => {
    const { url } = await pg.fresh();
    const { execFileSync } = await import("node:child_process");
    const path = await import("node:path");
    // kysely-codegen --verify introspects a migrated database and compares with tables.generated.ts.
    execFileSync(
      process.execPath,
      [
        path.resolve("node_modules/kysely-codegen/dist/cli/bin.js"),
        "--dialect=postgres",
        `--url=${url}`,
        `--out-file=${path.resolve("lib/db/postgres/tables.generated.ts")}`,
        "--exclude-pattern=schema_migrations",
        '--type-mapping={"int8":"number","numeric":"number"}',
        "--verify",
      ],
      { stdio: "pipe" },
    );
  });
});
