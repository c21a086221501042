import { afterEach, describe, expect, it } from "vitest";

import type { SourcePageQuery, StoredSourceRanking } from "../db/store";
import { tempStore, testSource } from "../testing/temp-store";
import { listSourceTable, SOURCE_PAGE_SIZE, SourceTableQuery } from "./source-table";

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

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

/** Seven sources; four ranked. Names are out of id order so the name sort is visible. */
async function seeded() {
  const store = tempStore();
  cleanups.push(() => store.cleanup());
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
  for (const [i, name] of names.entries()) {
    const s = await testSource(store, `src-${i}-${name.split(" ")[0]?.toLowerCase()}`, name);
    ids[name] = s.id;
  }
  const id = (name: string) => ids[name] as number;
  await store.rankings.save(
    [
      ranking(id("Echo Times"), 0.9, 0.2, "tier_1"),
      ranking(id("Delta Daily"), 0.7, 0.8, "tier_2"),
      ranking(id("Golf Gazette"), 0.7, 0.5, "tier_2"),
      ranking(id("Foxtrot"), 0.3, 0.9, "tier_3"),
    ],
    1,
    Buffer.from("{}"),
  );
  // Article counts are kept by triggers; set them directly for the articles sort.
  const counts: Record<string, number> = { "alpha wire": 40, "Golf Gazette": 12, "Echo Times": 7 };
  for (const [name, n] of Object.entries(counts))
    store.db.prepare("UPDATE sources SET article_count = ? WHERE id = ?").run(n, id(name));
  const page = async (q: Partial<SourcePageQuery>) => {
    const p = await store.rankings.sourcePage({ sort: "overall", desc: true, limit: 50, offset: 0, ...q });
    return { ...p, names: p.rows.map((r) => r.source.name) };
  };
  return { store, page, id };
}

describe("sources table pages", () => {
  it("sorts on a ranking column best first, then lists the unranked sources by name, across pages", async () => {
    const { page } = await seeded();
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
    expect({ total: all.total, ranked: all.ranked, allRanked: all.allRanked }).toEqual({
      total: 7,
      ranked: 4,
      allRanked: 4,
    });
    // Pages of three: the second page crosses from the ranked sources to the unranked ones.
    const pages = [];
    for (let offset = 0; offset < 7; offset += 3) pages.push(...(await page({ limit: 3, offset })).names);
    expect(pages).toEqual(all.names);
  });

  it("reverses a ranking sort when ascending, the unranked sources still following by name", async () => {
    const { page } = await seeded();
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

  it("sorts every source by name (case-insensitive) or by article count, both ways", async () => {
    const { page } = await seeded();
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
    const { page } = await seeded();
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

  it("reads every order off an index instead of sorting the sources", async () => {
    const { store } = await seeded();
    const sqls: string[] = [];
    const prepare = store.db.prepare.bind(store.db);
    store.db.prepare = ((sql: string) => {
      sqls.push(sql);
      return prepare(sql);
    }) as typeof store.db.prepare;
    for (const sort of ["overall", "speed", "tier", "name", "articles"] as const)
      for (const desc of [true, false])
        await store.rankings.sourcePage({ sort, desc, limit: 5, offset: 0, search: "a" });
    store.db.prepare = prepare;
    const pages = sqls.filter((s) => s.includes("LIMIT"));
    // Each ranking sort in both orders, the two source sorts in both orders, and the unranked rest.
    expect(pages.filter((s) => s.includes("ORDER BY r."))).toHaveLength(6);
    expect(pages).toHaveLength(11);
    for (const sql of pages) {
      const plan = (
        prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ like: "%a%", limit: 5, offset: 0 }) as Array<{
          detail: string;
        }>
      )
        .map((r) => r.detail)
        .join("; ");
      expect(plan, sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});

describe("listSourceTable", () => {
  it("serves a page of wire rows with the ranking or null, sorted as the query says", async () => {
    const { store } = await seeded();
    const query = SourceTableQuery.parse({ sort: "speed_score" });
    expect(query).toEqual({ sort: "speed_score", order: "desc", offset: 0, q: undefined });
    const table = await listSourceTable(store, query);
    expect(table.limit).toBe(SOURCE_PAGE_SIZE);
    expect(table.rows[0]).toMatchObject({
      source_name: "Foxtrot",
      ranking: { speed_score: 0.9, tier: "tier_3", source_name: "Foxtrot" },
    });
    expect(table.rows.at(-1)).toMatchObject({ source_name: "Charlie Post", article_count: 0, ranking: null });
  });

  it("starts names and tiers from the top of the alphabet, and refuses an unknown column", () => {
    expect(SourceTableQuery.parse({ sort: "source_name" }).order).toBe("asc");
    expect(SourceTableQuery.parse({ sort: "tier", order: "desc", q: "  " })).toMatchObject({
      order: "desc",
      q: undefined,
    });
    expect(SourceTableQuery.parse({}).sort).toBe("overall_score");
    expect(SourceTableQuery.safeParse({ sort: "logo_url" }).success).toBe(false);
  });
});
