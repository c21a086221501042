import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { SourcePageQuery, StoredSourceRanking } from "../store";
import { openPostgres, type PgDb } from "./connect";
import { pgRankingRepo } from "./ranking-repo";
import { insertArticle, insertSource } from "./story-fixtures";

const pg = postgresForTests();

const ranking = (sourceId: number, overall: number, speed: number, tier: string): StoredSourceRanking => ({
  sourceId,
  sourceName: "",
  logoUrl: null,
  firstToCluster: 0.5,
  clusterFrequency: 0.5,
  speed,
  topicalAuthority: 0.5,
  contentDiversity: 0.5,
  extractionSuccess: 0.5,
  neutrality: 0.5,
  sensationalism: 0.5,
  reliability: 0.5,
  overall,
  tier,
  oneLiner: null,
  summary: null,
});

/** Seven sources; four ranked. Names are out of id order so the name sort is visible (lib/rankings/source-table.test.ts). */
async function seeded(db: PgDb) {
  const rankings = pgRankingRepo(db);
  const names = [
    "Delta Daily",
    "alpha wire",
    "Echo Times",
    "Charlie Post",
    "Bravo 100% News",
    "Golf Gazette",
    "Foxtrot",
  ];
  const ids: Record<string, number> = {};
  for (const [i, name] of names.entries())
    ids[name] = await insertSource(db, `src-${i}-${name.split(" ")[0]?.toLowerCase()}`, name);
  const id = (name: string) => ids[name] as number;
  await rankings.save(
    [
      ranking(id("Echo Times"), 0.9, 0.2, "tier_1"),
      ranking(id("Delta Daily"), 0.7, 0.8, "tier_2"),
      ranking(id("Golf Gazette"), 0.7, 0.5, "tier_2"),
      ranking(id("Foxtrot"), 0.3, 0.9, "tier_3"),
    ],
    1,
    Buffer.from("{}"),
  );
  const counts: Record<string, number> = { "alpha wire": 40, "Golf Gazette": 12, "Echo Times": 7 };
  for (const [name, n] of Object.entries(counts))
    await db.updateTable("sources").set({ article_count: n }).where("id", "=", id(name)).execute();
  const page = async (q: Partial<SourcePageQuery>) => {
    const p = await rankings.sourcePage({ sort: "overall", desc: true, limit: 50, offset: 0, ...q });
    return { ...p, names: p.rows.map((r) => r.source.name) };
  };
  return { rankings, page, id };
}

describe("PostgreSQL RankingRepo: the sources table", () => {
  it("sorts on a ranking column best first, then lists the unranked sources by name, across pages", async () => {
    const { db } = await pg.fresh();
    const { page } = await seeded(db);
    const all = await page({});
    expect(all.names).toEqual([
      "Echo Times",
      "Delta Daily",
      "Golf Gazette",
      "Foxtrot",
      "alpha wire",
      "Bravo 100% News",
      "Charlie Post",
    ]);
    expect(all.rows.map((r) => r.ranking?.overall ?? null)).toEqual([0.9, 0.7, 0.7, 0.3, null, null, null]);
    expect(all.rows[0]!.source).toMatchObject({ enabled: true, articleCount: 7, name: "Echo Times" });
    expect({ total: all.total, ranked: all.ranked, allRanked: all.allRanked }).toEqual({
      total: 7,
      ranked: 4,
      allRanked: 4,
    });
    const pages = [];
    for (let offset = 0; offset < 7; offset += 3) pages.push(...(await page({ limit: 3, offset })).names);
    expect(pages).toEqual(all.names);
  });

  it("reverses a ranking sort when ascending, the unranked sources still following by name", async () => {
    const { db } = await pg.fresh();
    const { page } = await seeded(db);
    expect((await page({ sort: "speed", desc: false })).names).toEqual([
      "Echo Times",
      "Golf Gazette",
      "Delta Daily",
      "Foxtrot",
      "alpha wire",
      "Bravo 100% News",
      "Charlie Post",
    ]);
    expect((await page({ sort: "tier", desc: false, limit: 4 })).names).toEqual([
      "Echo Times",
      "Delta Daily",
      "Golf Gazette",
      "Foxtrot",
    ]);
  });

  it("sorts every source by name (ASCII case-insensitive) or by article count, both ways", async () => {
    const { db } = await pg.fresh();
    const { page } = await seeded(db);
    const byName = (await page({ sort: "name", desc: false })).names;
    expect(byName).toEqual([
      "alpha wire",
      "Bravo 100% News",
      "Charlie Post",
      "Delta Daily",
      "Echo Times",
      "Foxtrot",
      "Golf Gazette",
    ]);
    expect((await page({ sort: "name", desc: true })).names).toEqual([...byName].reverse());
    expect((await page({ sort: "articles", desc: true, limit: 3 })).names).toEqual([
      "alpha wire",
      "Golf Gazette",
      "Echo Times",
    ]);
    expect((await page({ sort: "articles", desc: false })).names.at(-1)).toBe("alpha wire");
  });

  it("narrows to sources whose name or slug contains the search, wildcards taken literally", async () => {
    const { db } = await pg.fresh();
    const { page } = await seeded(db);
    const times = await page({ search: "TIMES" });
    expect(times.names).toEqual(["Echo Times"]);
    expect({ total: times.total, ranked: times.ranked, allRanked: times.allRanked }).toEqual({
      total: 1,
      ranked: 1,
      allRanked: 4,
    });
    expect((await page({ search: "src-6" })).names).toEqual(["Foxtrot"]);
    expect((await page({ search: "100%" })).names).toEqual(["Bravo 100% News"]);
    expect((await page({ search: "%" })).names).toEqual(["Bravo 100% News"]);
    expect((await page({ search: "a_p" })).total).toBe(0);
  });
});

describe("PostgreSQL RankingRepo", () => {
  it("lists rankings best first and reads its inputs", async () => {
    const { db } = await pg.fresh();
    const { rankings, id } = await seeded(db);
    expect((await rankings.list()).map((r) => [r.sourceName, r.overall])).toEqual([
      ["Echo Times", 0.9],
      ["Delta Daily", 0.7],
      ["Golf Gazette", 0.7],
      ["Foxtrot", 0.3],
    ]);
    await db
      .insertInto("feeds")
      .values([
        { source_id: id("Echo Times"), url: "https://e/1", consecutive_failures: 2 },
        { source_id: id("Echo Times"), url: "https://e/2", last_success_at: 5 },
      ])
      .execute();
    const a = await insertArticle(db, { sourceId: id("Echo Times"), title: "t", discoveredAt: 100 });
    await insertArticle(db, { sourceId: id("Echo Times"), title: "old", discoveredAt: 10, publishedAt: 9 });
    await db.updateTable("articles").set({ duplicate_of: a }).where("title", "=", "old").execute();
    await db.insertInto("article_content").values({ article_id: a, status: "has_content" }).execute();
    const inputs = await rankings.inputs(50);
    expect(inputs.sources).toHaveLength(7);
    expect(inputs.sources.find((s) => s.id === id("Echo Times"))).toMatchObject({
      consecutiveFailures: 2,
      everSucceeded: true,
    });
    expect(inputs.sources.find((s) => s.id === id("Foxtrot"))).toMatchObject({
      consecutiveFailures: 0,
      everSucceeded: false,
    });
    expect(inputs.articles).toEqual([
      {
        sourceId: id("Echo Times"),
        storyId: null,
        category: "world",
        title: "t",
        time: 100,
        duplicate: false,
        contentStatus: "has_content",
      },
    ]);
    expect((await rankings.inputs(0)).articles.find((x) => x.title === "old")).toMatchObject({
      duplicate: true,
      time: 9,
    });
    expect(await rankings.latestArticleTime()).toBe(100);
  });

  it("versions the stored body: saves move it, a renamed or removed source stales it, a rebuild replaces it once", async () => {
    const { db } = await pg.fresh();
    const rankings = pgRankingRepo(db);
    expect(await rankings.bodyVersion()).toBeNull();
    expect(await rankings.body()).toBeNull();
    const a = await insertSource(db, "a", "A");
    const b = await insertSource(db, "b", "B");
    await rankings.save([ranking(a, 0.5, 0.5, "tier_2")], 10, Buffer.from("one"));
    expect(await rankings.body()).toEqual({ version: 1, computedAt: 10, body: Buffer.from("one") });
    await rankings.save(
      [ranking(a, 0.6, 0.5, "tier_2"), ranking(b, 0.4, 0.5, "tier_3")],
      20,
      Buffer.from("two"),
    );
    expect(await rankings.body()).toEqual({ version: 2, computedAt: 20, body: Buffer.from("two") });
    expect(await rankings.list()).toHaveLength(2);

    // A change that does not touch name or logo leaves it.
    await db.updateTable("sources").set({ category: "tech" }).where("id", "=", a).execute();
    await db.updateTable("sources").set({ name: "A" }).where("id", "=", a).execute();
    expect(await rankings.bodyVersion()).toBe(2);
    await db.updateTable("sources").set({ logo_url: "https://a/logo.png" }).where("id", "=", a).execute();
    expect(await rankings.body()).toEqual({ version: 3, computedAt: 20, body: null });
    expect(await rankings.replaceStaleBody(2, Buffer.from("late"))).toBe(false);
    expect(await rankings.replaceStaleBody(3, Buffer.from("three"))).toBe(true);
    expect(await rankings.replaceStaleBody(3, Buffer.from("again"))).toBe(false);
    expect(await rankings.body()).toMatchObject({ version: 4, body: Buffer.from("three") });
    expect(await rankings.replaceStaleBody(4, Buffer.from("fresh is kept"))).toBe(false);

    await db.deleteFrom("source_rankings").where("source_id", "=", b).execute();
    await db.deleteFrom("sources").where("id", "=", b).execute();
    expect(await rankings.body()).toMatchObject({ version: 5, body: null });
  });

  it("saves from two pools at once one after the other, each whole", async () => {
    const { db, url } = await pg.fresh();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await insertSource(db, `s${i}`, `S${i}`));
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const repos = pools.map((p) => pgRankingRepo(p.db));
      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          repos[i % 2]!.save(
            ids.slice(0, 5 + i).map((s) => ranking(s, i / 100, 0.5, "tier_2")),
            i,
            Buffer.from(String(i)),
          ),
        ),
      );
      const body = await pgRankingRepo(db).body();
      expect(body!.version).toBe(16);
      // The stored rankings are one save's, whole: the save that committed last, which also wrote the body.
      const last = Number(body!.body!.toString());
      const stored = await pgRankingRepo(db).list();
      expect(stored).toHaveLength(5 + last);
      expect(new Set(stored.map((r) => r.overall))).toEqual(new Set([last / 100]));
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  it("replaces a stale body exactly once when two pools race", async () => {
    const { db, url } = await pg.fresh();
    const rankings = pgRankingRepo(db);
    const a = await insertSource(db, "a", "A");
    await rankings.save([ranking(a, 0.5, 0.5, "tier_2")], 1, Buffer.from("x"));
    await db.updateTable("sources").set({ name: "A2" }).where("id", "=", a).execute();
    const stale = (await rankings.bodyVersion())!;
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          pgRankingRepo(pools[i % 2]!.db).replaceStaleBody(stale, Buffer.from(String(i))),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await rankings.bodyVersion()).toBe(stale + 1);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
