import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store, "wire", "Wire");
  await addArticles(t.store, source, [
    {
      title: "Harbour strike ends",
      url: "https://wire.test/1",
      discoveredAt: 1,
      body: "The glacier talks closed.",
    },
    { title: "Glacier melt speeds up", url: "https://wire.test/2", discoveredAt: 2 },
    {
      title: "Scientists measure ice",
      url: "https://wire.test/3",
      discoveredAt: 3,
      excerpt: "A glacier survey.",
    },
    { title: "Budget vote delayed", url: "https://wire.test/4", discoveredAt: 4 },
    { title: "Budget vote delayed", url: "https://wire.test/5", discoveredAt: 5 },
  ]);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const search = async (qs: string) => {
  const res = await GET(get(`/v1/search?${qs}`, key));
  return { res, body: (await res.json()) as { items: Array<Record<string, unknown>>; total: number } };
};
const errorOf = (body: unknown) => (body as { error: { code: string; details?: object } }).error;

describe("GET /v1/search", () => {
  it("ranks title matches above excerpt and extracted-text matches, with Article items and a total", async () => {
    const { res, body } = await search("q=glacier");
    expect(res.status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((i) => i.title)).toEqual([
      "Glacier melt speeds up",
      "Scientists measure ice",
      "Harbour strike ends",
    ]);
    expect(Object.keys(body.items[0]!)).toEqual(
      expect.arrayContaining(["id", "url_hash", "slug", "source_name", "published_at", "content_status"]),
    );
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("breaks score ties by id descending and pages with limit and offset", async () => {
    const all = await search("q=budget");
    const ids = all.body.items.map((i) => i.id as number);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeGreaterThan(ids[1]!);
    const second = await search("q=budget&limit=1&offset=1");
    expect(second.body).toMatchObject({ total: 2 });
    expect(second.body.items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await search("q=budget&offset=5")).body).toEqual({ items: [], total: 2 });
  });

  it("supports phrases, exclusions and OR, and answers 200 to FTS5 syntax it must not interpret", async () => {
    expect((await search(`q=${encodeURIComponent('"melt speeds"')}`)).body.total).toBe(1);
    expect((await search("q=glacier%20-ice")).body.total).toBe(2);
    expect((await search("q=budget%20OR%20harbour")).body.total).toBe(3);
    for (const q of ['"', "*", "NEAR(", "-", ":", "(((", "title:glacier", "日本", "-glacier", "😀"]) {
      const { res } = await search(`q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await search("q=-glacier")).body).toEqual({ items: [], total: 0 });
  });

  it("requires q of 1–200 characters (emoji count as one)", async () => {
    const missing = await search("limit=5");
    expect(missing.res.status).toBe(400);
    expect(errorOf(missing.body)).toMatchObject({ code: "missing_parameter", details: { param: "q" } });
    for (const q of ["", "%20%20", "a".repeat(201)]) {
      const { res, body } = await search(`q=${q}`);
      expect(res.status).toBe(400);
      expect(errorOf(body)).toMatchObject({ code: "invalid_parameter", details: { param: "q" } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    expect((await search(`q=${"a".repeat(200)}`)).res.status).toBe(200);
    expect((await search(`q=${encodeURIComponent("😀".repeat(200))}`)).res.status).toBe(200);
  });

  it("bounds limit to 1–100 and offset to ≥ 0", async () => {
    for (const [qs, details] of [
      ["limit=0", { param: "limit", min: 1 }],
      ["limit=101", { param: "limit", max: 100 }],
      ["offset=-1", { param: "offset", min: 0 }],
    ] as const) {
      const { res, body } = await search(`q=glacier&${qs}`);
      expect(res.status).toBe(400);
      expect(errorOf(body)).toMatchObject({ code: "parameter_out_of_range", details });
    }
    expect(errorOf((await search("q=glacier&limit=1.5")).body).code).toBe("invalid_parameter");
    expect((await search("q=glacier&limit=100")).res.status).toBe(200);
    const dflt = await addMany();
    expect(dflt).toHaveLength(20);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/search?q=glacier");
  });
});

async function addMany() {
  const source = (await t.store.sources.get("wire"))!;
  await addArticles(
    t.store,
    source,
    Array.from({ length: 25 }, (_, i) => ({
      title: `Tide report ${i}`,
      url: `https://wire.test/t${i}`,
      discoveredAt: 10 + i,
    })),
  );
  return (await search("q=tide")).body.items;
}
