// What a request can carry that PostgreSQL cannot take as it is (found by running the /v1 fuzz test on the
// PostgreSQL store): U+0000 in a slug, hash, filter or query failed the statement ("invalid byte sequence for
// encoding UTF8: 0x00", a 500), and an id past a bigint (/v1/stories/4e28) failed with "invalid input syntax for type
// bigint". SQLite answers both as "no such row".
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openPglite } from "../../testing/pglite-server";
import { testSource } from "../../testing/temp-store";
import { postgresStoreOn, type PostgresStore } from "./postgres-store";
import { isRowId, withoutNul } from "./text-values";

describe("withoutNul", () => {
  it("replaces U+0000 in strings and string arrays by U+FFFD and leaves everything else as it is", () => {
    expect(withoutNul("a\u0000b\u0000")).toBe("a\ufffdb\ufffd");
    expect(withoutNul(["x\u0000", "y", ["\u0000"]])).toEqual(["x\ufffd", "y", ["\ufffd"]]);
    const plain = ["a", "b"];
    expect(withoutNul(plain)).toBe(plain);
    expect(withoutNul(7)).toBe(7);
    expect(withoutNul(null)).toBeNull();
    const bytes = Buffer.from([0, 1]);
    expect(withoutNul(bytes)).toBe(bytes);
  });

  it("isRowId holds for the ids a bigint column can hold without loss", () => {
    expect(isRowId(1)).toBe(true);
    expect(isRowId(2 ** 40)).toBe(true);
    expect(isRowId(4e28)).toBe(false);
    expect(isRowId(2 ** 63)).toBe(false);
    expect(isRowId(1.5)).toBe(false);
  });
});

describe("the PostgreSQL store on what a request can carry", () => {
  let store: PostgresStore;
  beforeAll(async () => {
    store = await postgresStoreOn(await openPglite());
  }, 120_000);
  afterAll(async () => store?.close());

  it("finds nothing (and throws nothing) for a slug, hash, filter or query holding U+0000", async () => {
    const source = await testSource(store);
    expect(await store.stories.get("volcano\u0000-1")).toBeNull();
    expect(await store.articles.getByHash("ab\u0000cd")).toBeNull();
    expect(await store.articles.getBySlug("a\u0000")).toBeNull();
    expect(await store.entities.get("katrin\u0000-1")).toBeNull();
    expect(await store.sources.get(`${source.slug}\u0000`)).toBeNull();
    const list = await store.articles.list({
      limit: 5,
      offset: 0,
      category: "world\u0000",
      sortBy: "discovered",
      sortOrder: "desc",
    });
    expect(list).toEqual({ items: [], total: 0 });
    expect(await store.search.entityNamesByPrefix(["\u0000\u0000"], 5)).toEqual([]);
    expect(
      await store.entities.list({ match: { raw: "\u0000", folded: "\u0000" }, limit: 5, offset: 0 }),
    ).toEqual({
      entities: [],
      total: 0,
    });
    // The connection is still good, and the source is found by its real slug.
    expect((await store.sources.get(source.slug))?.id).toBe(source.id);
  });

  it("stores a text holding U+0000 with U+FFFD in its place instead of failing the write", async () => {
    const source = await store.sources.ensure({
      slug: "nul",
      name: "Nul\u0000Wire",
      homepage: "https://nul.test/",
      country: null,
      language: "en",
      category: "world",
      logoUrl: null,
      description: null,
    });
    expect((await store.sources.get(source.id))?.name).toBe("Nul\ufffdWire");
  });

  it("finds no story, entity or source for an id past a bigint", async () => {
    for (const id of [4e28, 9e130, 2 ** 63, 2 ** 53 + 2]) {
      expect(await store.stories.get(id)).toBeNull();
      expect(await store.entities.get(id)).toBeNull();
      expect(await store.sources.get(id)).toBeNull();
    }
  });

  it("takes a parameter holding a lone surrogate as U+FFFD, as node-postgres sends it to a server (PGlite's adapter broke)", async () => {
    expect(await store.stories.get("B\udc12\udcf4C\ud951")).toBeNull();
    expect(await store.articles.getByHash("\ud9d6x")).toBeNull();
    expect(await store.sources.count()).toBeGreaterThan(0);
  });
});
