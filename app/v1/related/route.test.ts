import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { addArticles, expectKeyPolicy, markDuplicate } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";
import { putArticleVector, towardAxis0 } from "@/lib/vectors/test-fixtures";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
type Cast = "main" | "sameStory" | "storyFar" | "termsOnly" | "unrelated" | "dup" | "sameTitle";
let a: Record<Cast, Article>;

beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const wire = await testSource(t.store, "wire", "Wire");
  const daily = await testSource(t.store, "daily", "Daily");
  const stored = await addArticles(t.store, wire, [
    { title: "Volcano erupts near Reykjavik, flights grounded", url: "https://wire.test/1", discoveredAt: 1 },
    { title: "Reykjavik volcano eruption grounds flights", url: "https://wire.test/2", discoveredAt: 2 },
    { title: "Iceland airport reopens after the eruption", url: "https://wire.test/3", discoveredAt: 3 },
    { title: "Volcano tourism booms in Hawaii", url: "https://wire.test/4", discoveredAt: 4 },
    { title: "Central bank raises interest rates", url: "https://wire.test/5", discoveredAt: 5 },
    {
      title: "Volcano erupts near Reykjavik: flights grounded (wire copy)",
      url: "https://wire.test/6",
      discoveredAt: 6,
    },
  ]);
  const [copy] = await addArticles(t.store, daily, [
    {
      title: "Volcano erupts near Reykjavik, flights grounded",
      url: "https://daily.test/1",
      discoveredAt: 7,
    },
  ]);
  const [main, sameStory, storyFar, termsOnly, unrelated, dup] = stored as [
    Article,
    Article,
    Article,
    Article,
    Article,
    Article,
  ];
  a = { main, sameStory, storyFar, termsOnly, unrelated, dup, sameTitle: copy as Article };
  markDuplicate(t.store, a.dup, a.main);
  // Cosine with the main article's vector (axis 0): the nearer, the closer to 1.
  const near: Record<Cast, number> = {
    main: 1,
    dup: 0.99,
    sameTitle: 0.98,
    sameStory: 0.9,
    storyFar: 0.7,
    termsOnly: 0.5,
    unrelated: 0.1,
  };
  for (const [cast, c] of Object.entries(near) as Array<[Cast, number]>)
    putArticleVector(t.store, a[cast].id, towardAxis0(c, 1 + Object.keys(near).indexOf(cast)));
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const related = async (qs: string) => {
  const res = await GET(get(`/v1/related?${qs}`, key));
  return { res, body: (await res.json()) as unknown };
};
const titles = (body: unknown) => (body as Array<{ title: string }>).map((x) => x.title);

describe("GET /v1/related", () => {
  it("answers a bare array, nearest first, without the article, its copies or its headline", async () => {
    const { res, body } = await related(`url_hash=${a.main.urlHash}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(titles(body)).toEqual([a.sameStory.title, a.storyFar.title, a.termsOnly.title, a.unrelated.title]);
    expect(Object.keys((body as object[])[0]!)).toContain("url_hash");
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("keeps one article per headline and leaves out the duplicates of an article's original", async () => {
    const { body } = await related(`url_hash=${a.termsOnly.urlHash}`);
    const got = titles(body);
    expect(got.filter((x) => x === a.main.title)).toHaveLength(1);
    expect(got).not.toContain(a.termsOnly.title);
    const ofCopy = titles((await related(`url_hash=${a.dup.urlHash}`)).body);
    expect(ofCopy).not.toContain(a.main.title);
    expect(ofCopy).toContain(a.sameStory.title);
  });

  it("applies limit (default 8, 1–50)", async () => {
    expect(titles((await related(`url_hash=${a.main.urlHash}&limit=1`)).body)).toEqual([a.sameStory.title]);
    for (const [limit, bound] of [
      ["0", { min: 1 }],
      ["51", { max: 50 }],
    ] as const) {
      const { res, body } = await related(`url_hash=${a.main.urlHash}&limit=${limit}`);
      expect(res.status).toBe(400);
      expect((body as { error: object }).error).toMatchObject({
        code: "parameter_out_of_range",
        details: { param: "limit", ...bound },
      });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    const bad = await related(`url_hash=${a.main.urlHash}&limit=ten`);
    expect((bad.body as { error: { code: string } }).error.code).toBe("invalid_parameter");
    expect((await related(`url_hash=${a.main.urlHash}&limit=50`)).res.status).toBe(200);
    const more = Array.from({ length: 10 }, (_, i) => ({
      title: `Volcano watch day ${i + 1}`,
      url: `https://wire.test/watch/${i}`,
      discoveredAt: 100 + i,
    }));
    const watch = await addArticles(t.store, (await t.store.sources.get("wire"))!, more);
    for (const [i, w] of watch.entries()) putArticleVector(t.store, w.id, towardAxis0(0.3, 20 + i));
    expect(titles((await related(`url_hash=${a.main.urlHash}`)).body)).toHaveLength(8);
    // Everything else with a vector: 4 articles of the cast (not the copy, not the repeated headline) + 10.
    expect(titles((await related(`url_hash=${a.main.urlHash}&limit=50`)).body)).toHaveLength(14);
  });

  it("answers [] for an article without an embedding yet", async () => {
    const [fresh] = await addArticles(t.store, (await t.store.sources.get("wire"))!, [
      { title: "Volcano erupts again", url: "https://wire.test/new", discoveredAt: 50 },
    ]);
    const { res, body } = await related(`url_hash=${fresh!.urlHash}`);
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
  });

  it("answers 400 missing_parameter without url_hash and 404 for an unknown article", async () => {
    const missing = await related("limit=3");
    expect(missing.res.status).toBe(400);
    expect((missing.body as { error: object }).error).toMatchObject({
      code: "missing_parameter",
      details: { param: "url_hash" },
    });
    const unknown = await related("url_hash=0123456789abcdef");
    expect(unknown.res.status).toBe(404);
    expect((unknown.body as { error: object }).error).toMatchObject({ code: "not_found" });
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, `/v1/related?url_hash=${a.main.urlHash}`);
  });
});
