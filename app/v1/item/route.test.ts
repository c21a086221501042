import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

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
let article: Article;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  const source = await testSource(t.store, "wire", "Wire", "business");
  [article] = (await addArticles(t.store, source, [
    {
      title: "Markets rally on rate hopes",
      url: "https://wire.test/markets",
      discoveredAt: 1_000,
      publishedAt: 900,
      excerpt: "Stocks rose.",
    },
  ])) as [Article];
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const code = async (res: Response) => ((await json(res)).error as { code: string }).code;

describe("GET /v1/item", () => {
  it("finds an article by url_hash with every Article field, for 1 credit", async () => {
    const res = await GET(get(`/v1/item?url_hash=${article.urlHash}`, await t.key()));
    expect(res.status).toBe(200);
    const item = (await json(res)).item as Record<string, unknown>;
    expect(Object.keys(item).sort()).toEqual(ARTICLE_FIELDS);
    expect(item).toMatchObject({
      id: article.id,
      url_hash: article.urlHash,
      title: "Markets rally on rate hopes",
      url: "https://wire.test/markets",
      source_id: article.sourceId,
      source_name: "Wire",
      category: "business",
      published_at: 900,
      discovered_at: 1_000,
      excerpt: "Stocks rose.",
      image_url: null,
      content_status: "no_content",
      headline_summary: null,
      slug: article.slug,
    });
    expect(article.urlHash).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("finds it by slug, and by an upper-case url_hash", async () => {
    const key = await t.key();
    const bySlug = await json(await GET(get(`/v1/item?slug=${article.slug}`, key)));
    expect((bySlug.item as { id: number }).id).toBe(article.id);
    const upper = await GET(get(`/v1/item?url_hash=${article.urlHash.toUpperCase()}`, key));
    expect(((await json(upper)).item as { id: number }).id).toBe(article.id);
  });

  it("answers 400 invalid_parameter for both, neither or an empty parameter, charging nothing", async () => {
    const key = await t.key();
    for (const qs of [`url_hash=${article.urlHash}&slug=${article.slug}`, "", "url_hash=", "slug=%20"]) {
      const res = await GET(get(`/v1/item?${qs}`, key));
      expect(res.status, qs).toBe(400);
      expect(await code(res), qs).toBe("invalid_parameter");
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("answers 404 not_found for an unknown url_hash or slug", async () => {
    const key = await t.key();
    for (const qs of ["url_hash=0123456789abcdef", "slug=no-such-article-00000000"]) {
      const res = await GET(get(`/v1/item?${qs}`, key));
      expect(res.status).toBe(404);
      expect((await json(res)).error).toMatchObject({ code: "not_found", details: { resource: "article" } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("applies the key policy: 401 without or with an unknown key, 403 without read, 429 past the limit", async () => {
    await expectKeyPolicy(t.store, GET, `/v1/item?url_hash=${article.urlHash}`);
  });
});
