import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { ENTITY_FIELDS, insertEntity } from "@/lib/entities/queries/test-fixtures";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
let arts: Article[];
let tesla: number;
let quiet: number;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store, "wire", "Wire", "business");
  arts = await addArticles(t.store, source, [
    { title: "Tesla recalls cars", url: "https://wire.test/1", discoveredAt: 5_000, publishedAt: 3_000 },
    { title: "Tesla shares jump", url: "https://wire.test/2", discoveredAt: 4_000, publishedAt: 4_000 },
    // Same publication time as the first: the later discovery comes first.
    { title: "Tesla opens plant", url: "https://wire.test/3", discoveredAt: 6_000, publishedAt: 3_000 },
    // No publisher date (0): last.
    { title: "Tesla undated note", url: "https://wire.test/4", discoveredAt: 9_000, publishedAt: 0 },
    { title: "Unrelated", url: "https://wire.test/5", discoveredAt: 7_000 },
  ]);
  tesla = insertEntity(t.store, {
    name: "Tesla",
    type: "org",
    subcategory: "company",
    aliases: ["Tesla Inc.", "Tesla Motors"],
    wikidataId: "Q478214",
    enriched: true,
    articles: arts.slice(0, 4),
  });
  quiet = insertEntity(t.store, { name: "Quiet Person" });
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const call = async (handler: typeof GET, path: string, id: string) => {
  const res = await handler(get(path, key), { params: Promise.resolve({ id }) });
  return { res, body: (await res.json()) as Record<string, unknown> };
};
const entity = (id: string) => call(GET, `/v1/entities/${id}`, id);

describe("GET /v1/entities/{id}", () => {
  it("returns the entity by integer id with every §6.5 field, for 1 credit", async () => {
    const { res, body } = await entity(String(tesla));
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(Object.keys(body).sort()).toEqual(ENTITY_FIELDS);
    expect(body).toMatchObject({
      id: tesla,
      name: "Tesla",
      type: "org",
      subcategory: "company",
      slug: `tesla-${tesla}`,
      wikidata_id: "Q478214",
      article_count: 4,
      aliases: ["Tesla Inc.", "Tesla Motors"],
      enriched: true,
    });
  });

  it("finds the entity by slug", async () => {
    const { res, body } = await entity(`tesla-${tesla}`);
    expect(res.status).toBe(200);
    expect(body.id).toBe(tesla);
    // A slug whose trailing number names another entity still resolves by the slug itself.
    t.store.db.prepare("UPDATE entities SET slug = 'tesla-motors-99' WHERE id = ?").run(tesla);
    expect((await entity("tesla-motors-99")).body.id).toBe(tesla);
  });

  it("answers 404 not_found for an unknown id or slug, charging nothing", async () => {
    for (const id of ["99999", "no-such-entity", `tesla-${quiet}`]) {
      const { res, body } = await entity(id);
      expect(res.status, id).toBe(404);
      expect(body.error).toMatchObject({ code: "not_found", status: 404, details: { resource: "entity" } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(
      t.store,
      (req) => GET(req, { params: Promise.resolve({ id: String(tesla) }) }),
      "/v1/entities/1",
    );
  });
});
