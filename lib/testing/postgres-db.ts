// PostgreSQL databases for tests: one server per test file (started in beforeAll, stopped in afterAll), and a
// fresh migrated database per call, copied from a template migrated once.
import { afterAll, beforeAll } from "vitest";

import { openPostgres, type PgConnection } from "../db/postgres/connect";
import { startPostgres, type TestPostgres } from "./postgres-server";

export interface PostgresForTests {
  /** The running server (valid inside tests). */
  server(): TestPostgres;
  /** A new, migrated, empty database; closed and dropped after the file's tests. */
  fresh(): Promise<PgConnection & { url: string }>;
}

export function postgresForTests(): PostgresForTests {
  let server: TestPostgres | undefined;
  let template: Promise<void> | undefined;
  let n = 0;
  const open: PgConnection[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await server?.stop();
  }, 60_000);
  const admin = async (sql: string) => {
    const c = await openPostgres(server!.url, { migrate: false, max: 1 });
    try {
      await c.pool.query(sql);
    } finally {
      await c.close();
    }
  };
  return {
    server: () => server!,
    async fresh() {
      template ??= (async () => {
        await admin("CREATE DATABASE lede_template");
        const c = await openPostgres(server!.urlOf("lede_template"), { max: 1 });
        await c.close();
      })();
      await template;
      const name = `lede_test_${++n}`;
      await admin(`CREATE DATABASE ${name} TEMPLATE lede_template`);
      const url = server!.urlOf(name);
      const connection = await openPostgres(url);
      open.push(connection);
      return { ...connection, url };
    },
  };
}
