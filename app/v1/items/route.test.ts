import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { ingestArticles } from "@/lib/ingestion/ingest-articles";
import { normalizeArticle } from "@/lib/ingestion/normalize-article";
import { ensureDemoKey } from "@/lib/keys/verify-key";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

const T0 = Date.UTC(2025, 0, 1);
let t: ReturnType<typeof testApiDeps>;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  const source = await testSource(t.store, "wire", "Wire", "business");
  const raws = [
    { url: "https://wire.test/1", title: "Markets rally on rate hopes", published: T0 + 1_000 },
    {
      url: "https://wire.test/2",
      title: "Tech shares slip",
      published: T0 + 3_000,
      categories: ["technology"],
    },
    { url: "https://wire.test/3", title: "Oil steadies", published: T0 + 2_000 },
  ];
  await ingestArticles(
    t,
    raws.map((r, i) => normalizeArticle(r, { source, discoveredAt: T0 + 10_000 + i })),
  );
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const body = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe("GET /v1/items", () => {
  it("lists articles newest-discovered first with the contract's fields and paging", async () => {
    const res = await GET(get("/v1/items?limit=2", await t.key()));
    expect(res.status).toBe(200);
    const b = await body(res);
    expect(b).toMatchObject({ total: 3, offset: 0, limit: 2 });
    const items = b.items as Array<Record<string, unknown>>;
    expect(items.map((i) => i.title)).toEqual(["Oil steadies", "Tech shares slip"]);
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-RateLimit-Limit")).toBe("30");
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
  });

  it("filters by category, keyword, source and sorts by published time", async () => {
    const key = await t.key();
    const tech = await body(await GET(get("/v1/items?category=technology", key)));
    expect((tech.items as unknown[]).length).toBe(1);
    const kw = await body(await GET(get("/v1/items?keyword=RALLY", key)));
    expect((kw.items as Array<{ title: string }>)[0]?.title).toBe("Markets rally on rate hopes");
    const bySource = await body(await GET(get("/v1/items?source=wire", key)));
    expect(bySource.total).toBe(3);
    const none = await body(await GET(get("/v1/items?source=nobody", key)));
    expect(none.total).toBe(0);
    const asc = await body(await GET(get("/v1/items?sort_by=published&sort_order=asc", key)));
    expect((asc.items as Array<{ published_at: number }>).map((i) => i.published_at)).toEqual([
      T0 + 1_000,
      T0 + 2_000,
      T0 + 3_000,
    ]);
  });

  it("answers 401 without a key and with an unknown key", async () => {
    const res = await GET(get("/v1/items"));
    expect(res.status).toBe(401);
    expect((await body(res)).error).toMatchObject({ code: "missing_api_key", status: 401 });
    const bad = await GET(get("/v1/items", `lede_live_${"f".repeat(64)}`));
    expect(((await body(bad)).error as { code: string }).code).toBe("invalid_api_key");
  });

  it("answers 400 for out-of-range and invalid parameters, and charges nothing", async () => {
    const key = await t.key();
    const res = await GET(get("/v1/items?limit=101", key));
    expect(res.status).toBe(400);
    expect((await body(res)).error).toMatchObject({
      code: "parameter_out_of_range",
      details: { param: "limit", max: 100 },
    });
    expect(res.headers.get("X-Credits-Cost")).toBe("0");
    const bad = await GET(get("/v1/items?sort_by=title", key));
    expect(((await body(bad)).error as { code: string }).code).toBe("invalid_parameter");
  });

  it("gates include_embeddings on the pro plan", async () => {
    const res = await GET(get("/v1/items?include_embeddings=true", await t.key("free")));
    expect(res.status).toBe(403);
    expect((await body(res)).error).toMatchObject({
      code: "tier_required",
      details: { required_tier: "pro" },
    });
    const pro = await GET(get("/v1/items?include_embeddings=true", await t.key("pro")));
    expect(pro.status).toBe(200);
    expect(pro.headers.get("X-Credits-Cost")).toBe("5");
  });

  it("limits the sandbox demo key to 5 requests per minute, free of charge", async () => {
    const demo = `lede_test_${"d".repeat(64)}`;
    await ensureDemoKey(t.store, demo);
    for (let i = 0; i < 5; i++) {
      const ok = await GET(get("/v1/items", demo));
      expect(ok.status).toBe(200);
      expect(ok.headers.get("X-Credits-Cost")).toBe("0");
    }
    const limited = await GET(get("/v1/items", demo));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await body(limited)).error as { code: string }).code).toBe("rate_limited");
  });

  it("accepts the deprecated api_key parameter and says so", async () => {
    const res = await GET(get(`/v1/items?api_key=${await t.key()}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("Deprecation")).toBe("true");
  });
});
