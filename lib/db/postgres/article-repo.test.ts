import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { NearDuplicateCheck } from "../store";
import { pgArticleRepo } from "./article-repo";
import { openPostgres } from "./connect";
import { itemNew, newArticle, testSourceIn } from "./content-test-fixtures";

const pg = postgresForTests();

const list = (repo: ReturnType<typeof pgArticleRepo>, q: Record<string, unknown> = {}) =>
  repo.list({ limit: 100, offset: 0, sortBy: "discovered", sortOrder: "desc", ...q });

describe("PostgreSQL ArticleRepo", () => {
  it("stores new articles with one item.new each, returns existing ones, in input order", async () => {
    const { db } = await pg.fresh();
    const repo = pgArticleRepo(db);
    const s = await testSourceIn(db);
    const v0 = await repo.version();
    const first = await repo.ingest([newArticle(s.id, 1), newArticle(s.id, 2, { excerpt: "E" })], itemNew);
    expect(first.inserted.map((a) => a.urlHash)).toEqual(["h1", "h2"]);
    expect(first.inserted[1]).toMatchObject({
      sourceName: "Wire",
      sourceSlug: "wire",
      sourceLanguage: "en",
      excerpt: "E",
      contentStatus: "no_content",
      storyId: null,
      duplicateOf: null,
    });
    expect(await repo.version()).toBeGreaterThan(v0);
    const second = await repo.ingest(
      [newArticle(s.id, 3), newArticle(s.id, 1, { title: "changed" })],
      itemNew,
    );
    expect(second.inserted.map((a) => a.urlHash)).toEqual(["h3"]);
    expect(second.existing.map((a) => [a.urlHash, a.title])).toEqual([["h1", "Title 1"]]);
    const events = await db.selectFrom("events").selectAll().orderBy("id").execute();
    expect(events.map((e) => e.article_id)).toEqual([1, 2, 3].map((n) => first.inserted[0]!.id + n - 1));
    const payload = JSON.parse(events[0]!.payload!);
    expect(payload.id).toBe(events[0]!.id);
    expect(payload.ts).toBe(events[0]!.ts);
    expect(await repo.count()).toBe(3);
    expect((await repo.getByHash("h2"))?.title).toBe("Title 2");
    expect(await repo.getByHash("nope")).toBeNull();
    expect((await repo.getBySlug("title-3"))?.urlHash).toBe("h3");
  });

  it("records imported ids and exports assignments per record, in article order", async () => {
    const { db } = await pg.fresh();
    const repo = pgArticleRepo(db);
    const s = await testSourceIn(db);
    await repo.ingest(
      [
        newArticle(s.id, 1, { externalId: "x1" }),
        newArticle(s.id, 2),
        newArticle(s.id, 1, { externalId: "x0" }),
      ],
      itemNew,
    );
    expect(await repo.knownExternalIds(["x0", "x1", "x9"])).toEqual(new Set(["x0", "x1"]));
    expect(await repo.knownExternalIds([])).toEqual(new Set());
    const out = [];
    for await (const r of repo.exportAssignments()) out.push(r);
    expect(out).toEqual([
      { externalId: "x1", urlHash: "h1", storyId: null },
      { externalId: "x0", urlHash: "h1", storyId: null },
      { externalId: null, urlHash: "h2", storyId: null },
    ]);
  });

  it("links near duplicates to the earliest original and prunes the index", async () => {
    const { db } = await pg.fresh();
    const repo = pgArticleRepo(db);
    const s = await testSourceIn(db);
    const near: NearDuplicateCheck = {
      windowMs: 100,
      keys: (a) => (a.title.startsWith("none") ? [] : [a.title.length, 7]),
      same: (a, c) => a.title.toLowerCase() === c.title.toLowerCase(),
    };
    const r = await repo.ingest(
      [
        newArticle(s.id, 1, { title: "Rates rise" }),
        newArticle(s.id, 2, { title: "RATES RISE" }),
        newArticle(s.id, 3, { title: "rates rise" }),
        newArticle(s.id, 4, { title: "Other news" }),
        newArticle(s.id, 500, { title: "Rates rise" }),
        newArticle(s.id, 6, { title: "none of it" }),
      ],
      itemNew,
      near,
    );
    const [a1, a2, a3, a4, far] = r.inserted;
    expect(r.inserted.map((a) => a.duplicateOf)).toEqual([null, a1!.id, a1!.id, null, null, null]);
    expect(a2!.duplicateOf).toBe(a1!.id);
    expect([a3, a4, far].length).toBe(3);
    expect(await repo.pruneNearDuplicateIndex(1_004)).toBe(6);
    expect(await repo.pruneNearDuplicateIndex(1_004)).toBe(0);
  });

  it("lists with filters, keyword substrings (Unicode case-insensitive, wildcards literal), sorts and pages", async () => {
    const { db } = await pg.fresh();
    const repo = pgArticleRepo(db);
    const s = await testSourceIn(db);
    const t = await testSourceIn(db, "tech");
    const TITLES = [
      "Oil prices RALLY as supply tightens",
      "Stocks rally on rate hopes",
      "Bankrupt airline rallying creditors",
      'Rates: 100% sure? "Quoted" words_and%signs',
      "Élan in the ÉCOLE polytechnique",
      "Nothing to see here",
      "Un rapport sur la rentrée",
    ];
    await repo.ingest(
      TITLES.map((title, i) =>
        newArticle(i % 2 ? t.id : s.id, i, {
          title,
          category: i < 3 ? "business" : "world",
          publishedAt: 100 - i,
        }),
      ),
      itemNew,
    );
    for (const k of [
      "rally",
      "RALLY",
      "ally",
      "ra",
      "100%",
      "words_and%",
      '"quoted"',
      "e",
      "rentrée",
      "école",
      "_",
      "%",
    ]) {
      const expected = TITLES.filter((x) => x.toLowerCase().includes(k.toLowerCase())).reverse();
      const got = await list(repo, { keyword: k });
      expect(
        got.items.map((a) => a.title),
        k,
      ).toEqual(expected);
      expect(got.total, k).toBe(expected.length);
    }
    expect((await list(repo, { keyword: "a\u0000b" })).total).toBe(0);
    expect((await list(repo, { category: "business" })).items.map((a) => a.urlHash)).toEqual([
      "h2",
      "h1",
      "h0",
    ]);
    expect((await list(repo, { sourceIds: [t.id] })).total).toBe(3);
    expect((await list(repo, { sourceIds: [] })).total).toBe(0);
    expect((await list(repo, { dateFrom: 2_002, dateTo: 2_004 })).items.map((a) => a.urlHash)).toEqual([
      "h4",
      "h3",
      "h2",
    ]);
    const byPublished = await list(repo, { sortBy: "published", sortOrder: "asc", limit: 2, offset: 1 });
    expect(byPublished.items.map((a) => a.urlHash)).toEqual(["h5", "h4"]);
    expect(byPublished.total).toBe(7);
    const h1 = await repo.getByHash("h1");
    await db
      .insertInto("article_tickers")
      .values({ article_id: h1!.id, symbol: "XOM", confidence: 1, sentiment_score: 0 })
      .execute();
    expect((await list(repo, { tickers: ["XOM", "AAPL"] })).items.map((a) => a.urlHash)).toEqual(["h1"]);
    await db.updateTable("articles").set({ content_status: "failed" }).where("url_hash", "=", "h6").execute();
    expect((await list(repo, { contentStatus: "failed" })).items.map((a) => a.urlHash)).toEqual(["h6"]);
  });

  it("two processes ingesting the same articles at once store and announce each once", async () => {
    const { db, url } = await pg.fresh();
    const other = await openPostgres(url);
    try {
      const s = await testSourceIn(db);
      const repos = [pgArticleRepo(db), pgArticleRepo(other.db)];
      const batches = Array.from({ length: 8 }, (_, b) =>
        Array.from({ length: 20 }, (_, i) => newArticle(s.id, (b % 2 ? 19 - i : i) + (b % 4) * 5)),
      );
      const results = await Promise.all(batches.map((batch, b) => repos[b % 2]!.ingest(batch, itemNew)));
      const inserted = results.flatMap((r) => r.inserted.map((a) => a.urlHash));
      expect(inserted.length).toBe(35);
      expect(new Set(inserted).size).toBe(35);
      expect(await repos[1]!.count()).toBe(35);
      const events = await db.selectFrom("events").select(["article_id"]).execute();
      expect(events.length).toBe(35);
      expect(new Set(events.map((e) => e.article_id)).size).toBe(35);
      const [src] = await db.selectFrom("sources").select("article_count").execute();
      expect(src!.article_count).toBe(35);
    } finally {
      await other.close();
    }
  });
});
