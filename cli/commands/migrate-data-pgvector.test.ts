import fs from "node:fs";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { CHECKPOINT_TABLE, migrateData } from "@/lib/db/migrate-data/migrate-data";
import { PGVECTOR_MISSING } from "@/lib/db/postgres/vector-schema";
import { createSqliteStore } from "@/lib/db/sqlite/sqlite-store";
import { postgresForTests } from "@/lib/testing/postgres-db";
import { tempDir } from "@/lib/testing/temp-store";

// The test server is PostgreSQL without the pgvector extension.
const pg = postgresForTests();
const dir = tempDir("lede-migrate-novector-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("lede migrate-data on a server without pgvector", () => {
  it("refuses with the store's error naming the extension, and writes nothing", async () => {
    const dataDir = path.join(dir, "install");
    createSqliteStore(dataDir).close();
    const target = await pg.fresh();
    await expect(migrateData({ dataDir, target })).rejects.toThrow(PGVECTOR_MISSING);
    const { rows } = await target.pool.query<{ t: string | null }>("SELECT to_regclass($1)::text AS t", [
      CHECKPOINT_TABLE,
    ]);
    expect(rows[0]?.t).toBeNull();
  }, 60_000);
});
