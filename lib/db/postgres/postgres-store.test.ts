import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openPglite } from "../../testing/pglite-server";
import { postgresForTests } from "../../testing/postgres-db";
import { createPostgresStore, postgresStoreOn, type PostgresStore } from "./postgres-store";

const pg = postgresForTests();

describe("the PostgreSQL store", () => {
  it("refuses a server without pgvector, naming the extension, and leaves the database usable", async () => {
    const { url } = await pg.fresh();
    await expect(createPostgresStore(url)).rejects.toThrow(/pgvector/);
  });

  describe("on a server with pgvector (PGlite)", () => {
    let store: PostgresStore;
    beforeAll(async () => {
      store = await postgresStoreOn(await openPglite());
    }, 120_000);
    afterAll(async () => store?.close());

    it("opens with every repository wired: a source stored, an empty log with its identity, the event time mode", async () => {
      const source = await store.sources.ensure({
        slug: "wire",
        name: "Wire",
        homepage: "https://wire.test/",
        country: null,
        language: "en",
        category: "world",
        logoUrl: null,
        description: null,
      });
      expect(source.id).toBeGreaterThan(0);
      expect(await store.events.lastId()).toBe(0);
      expect(await store.articles.count()).toBe(0);
      expect(typeof (await store.events.logId())).toBe("string");
      expect(store.events.setTimeMode("producer")).toBe("emit");
      expect(store.events.setTimeMode("emit")).toBe("producer");
    });
  });
});
