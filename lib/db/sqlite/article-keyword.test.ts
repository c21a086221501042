import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runPipeline } from "../../ingestion/pipeline";
import { tempStore, testSource } from "../../testing/temp-store";
import { migrate } from "../migrate";
import { migrations } from "../migrations";
import { walkTimeIndex } from "./article-repo";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const TITLES = [
  "Oil prices RALLY as supply tightens",
  "Stocks rally on rate hopes",
  "Bankrupt airline rallying creditors",
  'Rates: 100% sure? "Quoted" words_and%signs',
  "Élan in the ÉCOLE polytechnique",
  "Nothing to see here",
  "Un rapport sur la rentrée",
];

async function keyword(k: string) {
  return (
    await store.articles.list({ limit: 100, offset: 0, keyword: k, sortBy: "discovered", sortOrder: "desc" })
  ).items.map((a) => a.title);
}

describe("/v1/items keyword through the title trigram index", () => {
  beforeEach(async () => {
    const source = await testSource(store);
    await runPipeline(
      { store },
      TITLES.map((title, i) => ({
        raw: { url: `https://wire.test/${i}`, title },
        source,
        discoveredAt: 1_000 + i,
      })),
    );
  });

  it("finds exactly the titles holding the keyword as a case-insensitive substring", async () => {
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
      "nothing to",
      "école",
    ]) {
      const expected = TITLES.filter((t) => t.toLowerCase().includes(k.toLowerCase())).reverse();
      expect([k, await keyword(k)]).toEqual([k, expected]);
    }
  });

  it("answers keywords FTS5 cannot take as a query (NUL, control characters, lone quotes)", async () => {
    for (const k of ["ral\u0000ly", "\u0001\u0002rally", '"', 'ra"l', "\uFFFD\uFFFD\uFFFD"]) {
      const expected = TITLES.filter((t) => t.toLowerCase().includes(k.toLowerCase())).reverse();
      expect([k, await keyword(k)]).toEqual([k, expected]);
    }
  });

  it("reads the candidates from the trigram index", () => {
    const plan = store.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT a.id FROM articles a WHERE instr(lower(a.title), 'rally') > 0
         AND a.id IN (SELECT rowid FROM articles_title_tri WHERE articles_title_tri MATCH '"rally"')`,
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/articles_title_tri VIRTUAL TABLE/);
  });

  it("pages a keyword held by thousands of titles newest first, with its exact total", async () => {
    const source = store.db.prepare("SELECT id FROM sources LIMIT 1").pluck().get() as number;
    const insert = store.db.prepare(
      `INSERT INTO articles (url_hash, url, canonical_url, title, slug, source_id, category, discovered_at,
         published_at)
       VALUES (?, ?, ?, ?, 'x', ?, 'world', ?, ?)`,
    );
    store.db.transaction(() => {
      for (let i = 0; i < 2_500; i++) {
        const url = `https://bulk.test/${i}`;
        // Discovery times are shuffled against ids, so id order would give the wrong page.
        const at = 10_000 + ((i * 7_919) % 2_500);
        insert.run(
          `bulk${i}`,
          url,
          url,
          i % 3 === 0 ? `Harbour Strike day ${i}` : `Calm day ${i}`,
          source,
          at,
          at,
        );
      }
    })();
    const all = store.db
      .prepare("SELECT title, discovered_at FROM articles WHERE title LIKE '%harbour strike%'")
      .all() as Array<{ title: string; discovered_at: number }>;
    expect(all.length).toBeGreaterThan(800);
    const newest = all.sort((a, b) => b.discovered_at - a.discovered_at).map((a) => a.title);
    for (const k of ["harbour strike", "HARBOUR"]) {
      const page = await store.articles.list({
        limit: 20,
        offset: 40,
        keyword: k,
        sortBy: "discovered",
        sortOrder: "desc",
      });
      expect(page.total).toBe(all.length);
      expect(page.items.map((a) => a.title)).toEqual(newest.slice(40, 60));
    }
    // Both ways to a page (walking the time index, sorting the matches) give the reference's page.
    for (const k of ["strike day 1", "strike day 12", "day 2499"]) {
      const want = store.db
        .prepare(
          "SELECT title FROM articles WHERE title LIKE ? ORDER BY discovered_at DESC, id DESC LIMIT 10 OFFSET 2",
        )
        .pluck()
        .all(`%${k}%`);
      const got = await store.articles.list({
        limit: 10,
        offset: 2,
        keyword: k,
        sortBy: "discovered",
        sortOrder: "desc",
      });
      expect(got.items.map((a) => a.title)).toEqual(want);
    }
    expect(walkTimeIndex(94, 2_500, 12)).toBe(true);
    expect(walkTimeIndex(4, 2_500, 12)).toBe(false);
    const day = await store.articles.list({
      limit: 5,
      offset: 0,
      keyword: "day",
      sortBy: "published",
      sortOrder: "desc",
    });
    expect(day.total).toBe(2_500);
    expect(day.items.map((a) => a.publishedAt)).toEqual([12_499, 12_498, 12_497, 12_496, 12_495]);
    const oldest = await store.articles.list({
      limit: 3,
      offset: 0,
      keyword: "day",
      sortBy: "discovered",
      sortOrder: "asc",
    });
    expect(oldest.items.map((a) => a.discoveredAt)).toEqual([10_000, 10_001, 10_002]);
  });

  it("follows title changes", async () => {
    store.db.prepare("UPDATE articles SET title = 'Calm markets' WHERE title LIKE 'Stocks rally%'").run();
    expect(await keyword("rally")).toEqual([
      "Bankrupt airline rallying creditors",
      "Oil prices RALLY as supply tightens",
    ]);
    expect(await keyword("calm mark")).toEqual(["Calm markets"]);
  });
});

describe("migration 011", () => {
  it("indexes the titles stored before it", () => {
    const db = new Database(":memory:");
    try {
      sqliteVec.load(db);
      migrate(
        db,
        migrations.filter((m) => m.version < 11),
      );
      db.prepare("INSERT INTO sources (id, name, slug, created_at) VALUES (1, 'Wire', 'wire', 0)").run();
      db.prepare(
        `INSERT INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, published_at, category)
         VALUES (1, 1, 'https://wire.test/1', 'h1', 'https://wire.test/1', 'Dam bursts near Lisbon', 'dam', 0, 0, 'world')`,
      ).run();
      migrate(db, migrations);
      expect(
        db
          .prepare("SELECT rowid FROM articles_title_tri WHERE articles_title_tri MATCH '\"lisb\"'")
          .pluck()
          .all(),
      ).toEqual([1]);
    } finally {
      db.close();
    }
  });
});
