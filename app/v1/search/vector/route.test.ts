import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { insertStory } from "@/lib/entities/queries/test-fixtures";
import { addArticles } from "@/lib/search/test-fixtures";
import { testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";
import {
  expectProKeyPolicy,
  putArticleVector,
  putStoryVector,
  towardAxis0,
} from "@/lib/vectors/test-fixtures";

import { POST } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 3, 1, 12);
const AXIS0 = Array.from(towardAxis0(1), (x) => x * 3); // length is irrelevant to cosine

let t: ReturnType<typeof testApiDeps>;
let key: string;
let a: Record<string, Article>;

/**
 * Articles by cosine to axis 0: a1 1, a7 and a2 0.9 (same vector; a7 has the higher id), a3 0.5, a4 0 (all within
 * 72 h); a5 0.95 but 100 h old; a6 has no vector. Stories: s1 0.8 (1 h), s2 0.99 but merged away, s3 0.6 (80 h).
 */
beforeEach(async () => {
  t = testApiDeps(() => NOW);
  setApiDepsForTesting(async () => t.deps);
  key = await t.key("pro");
  const source = await testSource(t.store, "wire", "Wire", "science");
  const spec: Array<[string, number, Float32Array | null]> = [
    ["a1", 1, towardAxis0(1)],
    ["a2", 2, towardAxis0(0.9, 2)],
    ["a3", 3, towardAxis0(0.5, 3)],
    ["a4", 4, towardAxis0(0, 4)],
    ["a5", 100, towardAxis0(0.95, 5)],
    ["a6", 1, null],
    ["a7", 5, towardAxis0(0.9, 2)],
  ];
  const stored = await addArticles(
    t.store,
    source,
    spec.map(([label, hoursAgo]) => ({
      title: `Article ${label}`,
      url: `https://wire.test/${label}`,
      discoveredAt: NOW - hoursAgo * H,
      publishedAt: NOW - hoursAgo * H - 60_000,
    })),
  );
  a = Object.fromEntries(spec.map(([label], i) => [label, stored[i]!]));
  spec.forEach(([label, , v]) => v && putArticleVector(t.store, a[label]!.id, v));
  insertStory(t.store, {
    id: 1,
    headline: "Probe lands",
    firstSeen: NOW - 5 * H,
    lastUpdated: NOW - H,
    articles: [a.a1!],
  });
  insertStory(t.store, { id: 2, headline: "Merged story", firstSeen: NOW - 5 * H, lastUpdated: NOW - H });
  insertStory(t.store, {
    id: 3,
    headline: "Older story",
    firstSeen: NOW - 90 * H,
    lastUpdated: NOW - 80 * H,
  });
  t.store.db.prepare("UPDATE stories SET merged_into = 1 WHERE id = 2").run();
  putStoryVector(t.store, 1, towardAxis0(0.8, 6));
  putStoryVector(t.store, 2, towardAxis0(0.99, 7));
  putStoryVector(t.store, 3, towardAxis0(0.6, 8));
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const post = (body: unknown, k: string | null = key) =>
  new Request("http://lede.test/v1/search/vector", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(k ? { Authorization: `Bearer ${k}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
type Hit = Record<string, unknown> & { similarity: number; distance: number };
type Body = { ok: boolean; articles: Hit[]; stories: Hit[]; error?: Record<string, unknown> };
const search = async (body: unknown) => {
  const res = await POST(post(body));
  return { res, body: (await res.json()) as Body };
};

describe("POST /v1/search/vector", () => {
  it("never reports a similarity above 1 or a distance below 0, also for a vector's match with itself", async () => {
    // Float error gives this vector a cosine distance to itself of -2.2e-16 (a similarity of 1.0000000000000002).
    const wobbly = Float32Array.from({ length: 1536 }, (_, i) => Math.sin(2000 + i * 12.9898) * 0.5);
    putArticleVector(t.store, a.a4!.id, wobbly);
    putStoryVector(t.store, 1, wobbly);
    const { body } = await search({ embedding: Array.from(wobbly) });
    expect(body.articles[0]).toMatchObject({ url_hash: a.a4!.urlHash, similarity: 1, distance: 0 });
    expect(body.stories[0]).toMatchObject({ cluster_id: 1, similarity: 1, distance: 0 });
    for (const h of [...body.articles, ...body.stories]) {
      expect(h.similarity).toBeGreaterThanOrEqual(-1);
      expect(h.similarity).toBeLessThanOrEqual(1);
    }
  });

  it("returns articles and stories of the last 72 h, most similar first, for 5 credits", async () => {
    const { res, body } = await search({ embedding: AXIS0 });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("5");
    expect(body.ok).toBe(true);
    expect(body.articles.map((h) => h.url_hash)).toEqual(
      ["a1", "a7", "a2", "a3", "a4"].map((l) => a[l]!.urlHash),
    );
    expect(body.articles.map((h) => h.similarity)).toEqual([
      expect.closeTo(1, 5),
      expect.closeTo(0.9, 5),
      expect.closeTo(0.9, 5),
      expect.closeTo(0.5, 5),
      expect.closeTo(0, 5),
    ]);
    for (const h of [...body.articles, ...body.stories]) expect(h.similarity + h.distance).toBeCloseTo(1, 12);
    expect(Object.keys(body.articles[0]!).sort()).toEqual(
      [
        "category",
        "distance",
        "published_at",
        "similarity",
        "source_name",
        "title",
        "url",
        "url_hash",
      ].sort(),
    );
    expect(body.articles[0]).toMatchObject({
      title: "Article a1",
      url: "https://wire.test/a1",
      source_name: "Wire",
      category: "science",
      published_at: NOW - H - 60_000,
    });
    expect(body.stories.map((s) => s.cluster_id)).toEqual([1]);
    expect(Object.keys(body.stories[0]!).sort()).toEqual(
      [
        "article_count",
        "cluster_id",
        "distance",
        "first_seen",
        "headline",
        "last_updated",
        "similarity",
        "summary",
      ].sort(),
    );
    expect(body.stories[0]).toMatchObject({
      cluster_id: 1,
      headline: "Probe lands",
      article_count: 1,
      first_seen: NOW - 5 * H,
      last_updated: NOW - H,
      similarity: expect.closeTo(0.8, 5),
    });
    expect(typeof body.stories[0]!.summary).toBe("string");
  });

  it("widens the window with since_hours and cuts each list at limit", async () => {
    const wide = (await search({ embedding: AXIS0, since_hours: 101 })).body;
    expect(wide.articles.map((h) => h.url_hash).slice(0, 2)).toEqual([a.a1!.urlHash, a.a5!.urlHash]);
    expect(wide.stories.map((s) => s.cluster_id)).toEqual([1, 3]);
    const narrow = (await search({ embedding: AXIS0, since_hours: 2, limit: 1 })).body;
    expect(narrow.articles.map((h) => h.url_hash)).toEqual([a.a1!.urlHash]);
    expect(narrow.stories.map((s) => s.cluster_id)).toEqual([1]);
    const two = (await search({ embedding: AXIS0, limit: 2, since_hours: 2160 })).body;
    expect(two.articles).toHaveLength(2);
    expect(two.stories).toHaveLength(2);
  });

  it("answers [] for a type not asked for", async () => {
    const stories = (await search({ embedding: AXIS0, types: ["story"] })).body;
    expect(stories.articles).toEqual([]);
    expect(stories.stories).toHaveLength(1);
    const articles = (await search({ embedding: AXIS0, types: ["article"] })).body;
    expect(articles.stories).toEqual([]);
    expect(articles.articles).toHaveLength(5);
  });

  it("answers 400 invalid_embedding unless the vector is 1536 finite numbers, not all zero", async () => {
    const zero = new Array(1536).fill(0);
    const bad: unknown[] = [
      AXIS0.slice(1),
      [...AXIS0, 0],
      "0.1,0.2",
      { 0: 1 },
      [...AXIS0.slice(1), "1"],
      [...AXIS0.slice(1), null],
      [...AXIS0.slice(1), 1e39],
      zero,
    ];
    for (const embedding of bad) {
      const { res, body } = await search({ embedding });
      expect(res.status).toBe(400);
      expect(body.error).toMatchObject({ code: "invalid_embedding", details: { param: "embedding" } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    // 1e999 parses to Infinity.
    const inf = await search(`{"embedding":[${[...AXIS0.slice(1), "1e999"].join(",")}]}`);
    expect(inf.body.error).toMatchObject({ code: "invalid_embedding" });
  });

  it("answers 400 for a missing vector, a malformed body and out-of-range fields", async () => {
    const cases: Array<[unknown, string, Record<string, unknown>?]> = [
      [{}, "missing_parameter", { param: "embedding" }],
      ["not json", "invalid_body"],
      ["[1,2]", "invalid_body"],
      ["", "invalid_body"],
      [{ embedding: AXIS0, since_hours: 0 }, "parameter_out_of_range", { param: "since_hours", min: 1 }],
      [
        { embedding: AXIS0, since_hours: 2161 },
        "parameter_out_of_range",
        { param: "since_hours", max: 2160 },
      ],
      [{ embedding: AXIS0, limit: 0 }, "parameter_out_of_range", { param: "limit", min: 1 }],
      [{ embedding: AXIS0, limit: 101 }, "parameter_out_of_range", { param: "limit", max: 100 }],
      [{ embedding: AXIS0, limit: 2.5 }, "invalid_body", { param: "limit" }],
      [{ embedding: AXIS0, limit: "20" }, "invalid_body", { param: "limit" }],
      [{ embedding: AXIS0, types: [] }, "invalid_body", { param: "types" }],
      [{ embedding: AXIS0, types: ["video"] }, "invalid_body", { param: "types.0" }],
      [{ embedding: AXIS0, types: "article" }, "invalid_body", { param: "types" }],
    ];
    for (const [payload, code, details] of cases) {
      const { res, body } = await search(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(body.error).toMatchObject({ code, status: 400, ...(details ? { details } : {}) });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("is a Pro feature behind the usual key policy", async () => {
    await expectProKeyPolicy(t, POST, (k) => post({ embedding: AXIS0, limit: 1 }, k ?? null));
  });
});
