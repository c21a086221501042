import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { insertEntity } from "@/lib/entities/queries/test-fixtures";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET as getArticles } from "./route";

const ARTICLE_FIELDS = [
  "category",
  "content_status",
  "discovered_at",
  "excerpt",
  "headline_summary",
  "id",
  "image_url",
  "published_at",
  "slug",
  "source_id",
  "source_name",
  "tickers",
  "title",
  "url",
  "url_hash",
];

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

const call = async (handler: typeof getArticles, path: string, id: string) => {
  const res = await handler(get(path, key), { params: Promise.resolve({ id }) });
  return { res, body: (await res.json()) as Record<string, unknown> };
};
const articles = (id: string, qs = "") => call(getArticles, `/v1/entities/${id}/articles?${qs}`, id);

describe("GET /v1/entities/{id}/articles", () => {
  it("pages the entity's articles, published_at descending then discovered_at, in the §6.1 shape", async () => {
    const { res, body } = await articles(String(tesla));
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(body).toMatchObject({ total: 4, offset: 0, limit: 20 });
    const items = body.items as Array<Record<string, unknown>>;
    expect(items.map((i) => i.title)).toEqual([
      "Tesla shares jump",
      "Tesla opens plant",
      "Tesla recalls cars",
      "Tesla undated note",
    ]);
    expect(Object.keys(items[0]!).sort()).toEqual(ARTICLE_FIELDS);
    expect(items[0]).toMatchObject({ url_hash: arts[1]!.urlHash, source_name: "Wire", published_at: 4_000 });

    const page = await articles(`tesla-${tesla}`, "limit=2&offset=1");
    expect(page.body).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect((page.body.items as Array<{ title: string }>).map((i) => i.title)).toEqual([
      "Tesla opens plant",
      "Tesla recalls cars",
    ]);
  });

  it("gives an empty page for an entity without articles and 404 for an unknown one", async () => {
    expect((await articles(String(quiet))).body).toEqual({ items: [], total: 0, offset: 0, limit: 20 });
    const missing = await articles("424242");
    expect(missing.res.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found", details: { resource: "entity" } });
  });

  it("bounds limit to 1–100 and offset to ≥ 0 before looking the entity up", async () => {
    for (const [qs, details] of [
      ["limit=0", { param: "limit", min: 1 }],
      ["limit=101", { param: "limit", max: 100 }],
      ["offset=-5", { param: "offset", min: 0 }],
    ] as const) {
      const { res, body } = await articles("424242", qs);
      expect(res.status, qs).toBe(400);
      expect(body.error, qs).toMatchObject({ code: "parameter_out_of_range", details });
    }
    const bad = await articles(String(tesla), "offset=x");
    expect(bad.body.error).toMatchObject({ code: "invalid_parameter", details: { param: "offset" } });
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(
      t.store,
      (req) => getArticles(req, { params: Promise.resolve({ id: String(tesla) }) }),
      "/v1/entities/1/articles",
    );
  });
});
