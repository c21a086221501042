import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { ENTITY_FIELDS, insertEntity } from "@/lib/entities/queries/test-fixtures";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 5, 10, 12);
let t: ReturnType<typeof testApiDeps>;
let key: string;
const ids: Record<string, number> = {};

/**
 * 20 articles in the last 24 h (R), 70 in the 7 days before (P, 10 a day), 5 ten days ago (O), one exactly at the
 * window's start and one in the future.
 */
beforeEach(async () => {
  t = testApiDeps(() => NOW);
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store);
  const at = (prefix: string, times: number[]) =>
    addArticles(
      t.store,
      source,
      times.map((time, i) => ({
        title: `${prefix} ${i}`,
        url: `https://wire.test/${prefix}/${i}`,
        discoveredAt: time,
      })),
    );
  const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  const R = await at(
    "r",
    range(20, (i) => NOW - ((i + 1) * H) / 2),
  );
  const P = await at(
    "p",
    range(70, (i) => NOW - 25 * H - i * 2 * H),
  );
  const O = await at(
    "o",
    range(5, (i) => NOW - 240 * H - i * H),
  );
  const [edge, future] = (await at("x", [NOW - 24 * H, NOW + H])) as [Article, Article];
  // 6 today, none before: (6 − 0) / √1 = 6.
  ids.rising = insertEntity(t.store, { name: "Quietly Rising", articles: R.slice(0, 6) });
  // Its usual 10 a day: 0, not trending.
  ids.household = insertEntity(t.store, { name: "Household Name", articles: [...R.slice(0, 10), ...P] });
  // 20 today against 4 a day: (20 − 4) / √5 ≈ 7.1554.
  ids.surge = insertEntity(t.store, { name: "Big Surge", type: "org", articles: [...R, ...P.slice(0, 28)] });
  // 2 today, none before: 2 (tied with `blip2`, which has the higher id).
  ids.blip = insertEntity(t.store, { name: "Small Blip", articles: R.slice(0, 2) });
  ids.blip2 = insertEntity(t.store, { name: "Second Blip", articles: R.slice(10, 12) });
  // Below its usual rate: left out.
  ids.fading = insertEntity(t.store, { name: "Fading Star", articles: [...R.slice(0, 2), ...P] });
  // Only old mentions: left out.
  ids.old = insertEntity(t.store, { name: "Old News", type: "location", articles: O });
  // The article at the window's start is baseline; the future one is not counted: (1 − 1/7) / √(8/7) ≈ 0.8018.
  ids.edge = insertEntity(t.store, { name: "Edge Case", articles: [R[19]!, edge, future] });
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

type Trending = Record<string, unknown> & {
  id: number;
  trending_score: number;
  recent_article_count: number;
};
const trending = async (qs = "") => {
  const res = await GET(get(`/v1/entities/trending${qs ? `?${qs}` : ""}`, key));
  return { res, body: (await res.json()) as Record<string, unknown> & { entities: Trending[] } };
};

describe("GET /v1/entities/trending", () => {
  it("ranks entities by the rise of their last-24-hour articles over their 7-day baseline", async () => {
    const { res, body } = await trending();
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(body.since_ms).toBe(NOW - 24 * H);
    expect(body.count).toBe(5);
    expect(body.entities.map((e) => [e.id, e.trending_score, e.recent_article_count])).toEqual([
      [ids.surge, 7.1554, 20],
      [ids.rising, 6, 6],
      [ids.blip2, 2, 2],
      [ids.blip, 2, 2],
      [ids.edge, 0.8018, 1],
    ]);
    expect(Object.keys(body.entities[0]!).sort()).toEqual(
      [...ENTITY_FIELDS, "recent_article_count", "trending_score"].sort(),
    );
    expect(body.entities[0]).toMatchObject({ name: "Big Surge", type: "org", article_count: 48 });
  });

  it("keeps the top `limit`", async () => {
    const { body } = await trending("limit=2");
    expect(body.count).toBe(2);
    expect(body.entities.map((e) => e.id)).toEqual([ids.surge, ids.rising]);
  });

  it("is empty when nothing was mentioned in the last 24 hours", async () => {
    t.store.db.prepare("DELETE FROM article_entities").run();
    expect((await trending()).body).toEqual({ entities: [], count: 0, since_ms: NOW - 24 * H });
  });

  it("bounds limit to 1–100", async () => {
    for (const [qs, details] of [
      ["limit=0", { param: "limit", min: 1 }],
      ["limit=101", { param: "limit", max: 100 }],
    ] as const) {
      const { res, body } = await trending(qs);
      expect(res.status).toBe(400);
      expect(body.error).toMatchObject({ code: "parameter_out_of_range", details });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    expect((await trending("limit=1.5")).body.error).toMatchObject({ code: "invalid_parameter" });
    expect((await trending("limit=100")).res.status).toBe(200);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/entities/trending");
  });
});
