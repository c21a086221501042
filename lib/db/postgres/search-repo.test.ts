import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { parseSearchQuery, titlePrefixExpression } from "../../search/parse-query";
import { postgresForTests } from "../../testing/postgres-db";
import { openPostgres, type PgDb } from "./connect";
import { ftsToTsquery } from "./content-fts";
import { pgContentRepo } from "./content-repo";
import { testSourceIn } from "./content-test-fixtures";
import { pgSearchRepo, SEARCH_TIER, tiersOf } from "./search-repo";

const pg = postgresForTests();

/** Articles with these titles (ids 1, 2, …), in one statement (the search vector set by the trigger). */
async function addTitles(db: PgDb, titles: string[], from = 1, excerpts: Array<string | null> = []) {
  const s = await testSourceIn(db).catch(() => null);
  const sourceId = s?.id ?? (await db.selectFrom("sources").select("id").executeTakeFirstOrThrow()).id;
  await db
    .insertInto("articles")
    .values(
      titles.map((title, i) => {
        const id = from + i;
        return {
          id,
          url_hash: `h${id}`,
          url: `https://wire.test/${id}`,
          canonical_url: `https://wire.test/${id}`,
          title,
          slug: "a",
          source_id: sourceId,
          category: "world",
          published_at: id,
          discovered_at: id,
          excerpt: excerpts[i] ?? null,
        };
      }),
    )
    .execute();
}

async function addEntity(db: PgDb, name: string, articleIds: number[], aliases: string[] = []) {
  const { id } = await db
    .insertInto("entities")
    .values({ name, type: "org", slug: name.toLowerCase(), norm_key: name.toLowerCase() })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const alias of aliases)
    await db
      .insertInto("entity_aliases")
      .values({ entity_id: id, alias, norm: alias.toLowerCase() })
      .execute();
  for (const a of articleIds)
    await db.insertInto("article_entities").values({ article_id: a, entity_id: id }).execute();
  return id;
}

const ids = async (db: PgDb, q: string) =>
  (await pgSearchRepo(db).articles({ match: parseSearchQuery(q).match!, limit: 100, offset: 0 })).items
    .map((i) => i.article.id)
    .sort((a, b) => a - b);

describe("FTS5 expressions as tsquery", () => {
  it("translates what lib/search builds", () => {
    expect(ftsToTsquery(parseSearchQuery('rates OR yields "bond market" -"coast guard" -x').match!)).toBe(
      "((('rates' | 'yields') & ('bond' <-> 'market')) & !(('coast' <-> 'guard') | 'x'))",
    );
    expect(ftsToTsquery(titlePrefixExpression("interest ra")!)).toBe("('interest':A <-> 'ra':*A)");
    expect(ftsToTsquery('"it""s"')).toBe("('it' <-> 's')");
    expect(ftsToTsquery('"!!" AND "a"')).toBeNull();
    expect(ftsToTsquery('"!!" OR "a"')).toBe("'a'");
    expect(ftsToTsquery('"a" NOT "--"')).toBe("'a'");
    expect(() => ftsToTsquery('"a')).toThrow();
  });

  it("tiersOf splits a page at tier boundaries", () => {
    expect(tiersOf(0, 20)).toEqual([{ start: 0, within: 0, take: 20 }]);
    expect(tiersOf(SEARCH_TIER - 10, 20)).toEqual([
      { start: 0, within: SEARCH_TIER - 10, take: 10 },
      { start: SEARCH_TIER, within: 0, take: 10 },
    ]);
  });
});

describe("PostgreSQL SearchRepo", () => {
  it("matches words, stems, phrases, prefixes, OR and exclusions, diacritics removed, no stop words", async () => {
    const { db } = await pg.fresh();
    await addTitles(
      db,
      [
        "Central bank raises rates",
        "The Who plays tonight",
        "Café owners protest",
        "Bond market rallies",
        "U.S. rate hike",
      ],
      1,
      [null, null, "Prices at the café rose", null, null],
    );
    expect(await ids(db, "rate")).toEqual([1, 5]);
    expect(await ids(db, "raising")).toEqual([1]);
    expect(await ids(db, '"bank raises"')).toEqual([1]);
    expect(await ids(db, '"raises bank"')).toEqual([]);
    expect(await ids(db, "the who")).toEqual([2]);
    expect(await ids(db, "cafe")).toEqual([3]);
    expect(await ids(db, "CAFÉ -protest")).toEqual([]);
    expect(await ids(db, "bond OR cafe")).toEqual([3, 4]);
    expect(await ids(db, "us")).toEqual([]);
    expect(await ids(db, '"u s" hike')).toEqual([5]);
    const search = pgSearchRepo(db);
    expect(await search.recentTitles(titlePrefixExpression("bond mar")!, 10)).toEqual([
      "Bond market rallies",
    ]);
    // The prefix form reads titles only.
    expect(await search.recentTitles(titlePrefixExpression("pric")!, 10)).toEqual([]);
    expect(await search.recentTitles('"rates" OR "rate"', 1)).toEqual(["U.S. rate hike"]);
    // A title match ranks above an excerpt match.
    const cafe = await search.articles({ match: '"cafe"', limit: 10, offset: 0 });
    expect(cafe.items.map((i) => i.article.id)).toEqual([3]);
    await addTitles(db, ["Market notes"], 6, ["A café opened"]);
    const both = await search.articles({ match: '"cafe"', limit: 10, offset: 0 });
    expect(both.items.map((i) => i.article.id)).toEqual([3, 6]);
    expect(both.items[0]!.score).toBeGreaterThan(both.items[1]!.score);
    expect(both.total).toBe(2);
    // Extracted text joins the index when content is saved.
    await pgContentRepo(db).save({
      articleId: 4,
      finalUrl: null,
      extractedTitle: null,
      text: "Treasury yields fell sharply",
      imageUrl: null,
      thumbUrl: null,
      videoUrl: null,
      status: "has_content",
      error: null,
      extractedAt: 1,
    });
    expect(await ids(db, "yields")).toEqual([4]);
    expect(await search.articles({ match: '"!!"', limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
  });

  it("finds entities by name or alias case-insensitively", async () => {
    const { db } = await pg.fresh();
    await addTitles(db, ["a"]);
    const acme = await addEntity(db, "Acme Corp", [], ["ACME"]);
    const beta = await addEntity(db, "Beta", []);
    const search = pgSearchRepo(db);
    expect((await search.entityIdsNamed(["acme corp"])).sort()).toEqual([acme]);
    expect((await search.entityIdsNamed(["acme", "BETA"])).sort((a, b) => a - b)).toEqual([acme, beta]);
    expect(await search.entityIdsNamed([])).toEqual([]);
    expect(await search.entityIdsNamed(["nope"])).toEqual([]);
  });

  it("completes names and aliases by prefix as LIKE would, most articles first", async () => {
    const { db } = await pg.fresh();
    await addTitles(db, ["a", "b", "c"]);
    await addEntity(db, "Teller Report", [1]);
    await addEntity(db, "Edward Teller", [1, 2], ["Teller"]);
    await addEntity(db, "Tesla", [1, 2, 3]);
    await addEntity(db, "Émile Zola", []);
    await addEntity(db, "100%_Pure", [1]);
    await addEntity(db, "Te", [1]);
    await sql`UPDATE entities SET article_count = (SELECT COUNT(*) FROM article_entities WHERE entity_id = entities.id)`.execute(
      db,
    );
    const search = pgSearchRepo(db);
    expect(await search.entityNamesByPrefix(["tE"], 10)).toEqual([
      "Tesla",
      "Edward Teller",
      "Te",
      "Teller Report",
    ]);
    expect(await search.entityNamesByPrefix(["TELL"], 1)).toEqual(["Edward Teller"]);
    expect(await search.entityNamesByPrefix(["émile"], 10)).toEqual([]);
    expect(await search.entityNamesByPrefix(["émile", "Émile"], 10)).toEqual(["Émile Zola"]);
    expect(await search.entityNamesByPrefix(["100%_"], 10)).toEqual(["100%_Pure"]);
    expect(await search.entityNamesByPrefix(["%"], 10)).toEqual([]);
    expect(await search.entityNamesByPrefix(["1_0"], 10)).toEqual([]);
  });

  it("ranks full searches: text hits and entity links on one scale, exclusions out of both, snippets marked", async () => {
    const { db } = await pg.fresh();
    await addTitles(db, [
      "Storm hits the coast",
      "Storm storm storm warning issued",
      "Markets calm after storm",
      "Harbour closed",
      "Fleet returns to harbour",
      "Harbour storm damage assessed",
    ]);
    const harbour = await addEntity(db, "Harbour Board", [4, 5, 6]);
    const fleet = await addEntity(db, "Fleet", [5]);
    const search = pgSearchRepo(db);
    const text = await search.full({ match: '"storm"', exclude: null, entityIds: [], limit: 100, offset: 0 });
    expect(text.total).toBe(4);
    const best = text.hits[0]!.rank;
    const withEntities = await search.full({
      match: '"storm"',
      exclude: null,
      entityIds: [harbour, fleet],
      limit: 100,
      offset: 0,
    });
    expect(withEntities.total).toBe(6);
    const rank = Object.fromEntries(withEntities.hits.map((h) => [h.article.id, h.rank]));
    // Linked to both entities: as much as the best text hit; to one of two: half of it.
    expect(rank[5]).toBeCloseTo(best);
    expect(rank[4]).toBeCloseTo(best / 2);
    expect(rank[6]).toBeCloseTo(text.hits.find((h) => h.article.id === 6)!.rank + best / 2);
    const ranks = withEntities.hits.map((h) => h.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    const only = await search.full({
      match: null,
      exclude: null,
      entityIds: [harbour],
      limit: 100,
      offset: 0,
    });
    expect(only.hits.map((h) => [h.article.id, h.rank, h.snippet])).toEqual([
      [6, 1, null],
      [5, 1, null],
      [4, 1, null],
    ]);
    expect(only.total).toBe(3);
    const excluded = await search.full({
      match: parseSearchQuery("storm -coast").match,
      exclude: parseSearchQuery("storm -coast").exclude,
      entityIds: [harbour],
      limit: 10,
      offset: 0,
    });
    expect(excluded.hits.map((h) => h.article.id).sort()).toEqual([2, 3, 4, 5, 6]);
    expect(excluded.hits.find((h) => h.article.id === 3)?.snippet).toBe(
      "Markets calm after \u0002storm\u0003",
    );
    expect(excluded.hits.find((h) => h.article.id === 4)?.snippet).toBeNull();
    const none = await search.full({ match: null, exclude: null, entityIds: [], limit: 10, offset: 0 });
    expect(none).toEqual({ hits: [], total: 0 });
  });

  it("marks a snippet in the extracted text, cut with an ellipsis, as long as FTS5's (32 words, not 16)", async () => {
    const { db } = await pg.fresh();
    await addTitles(db, ["Quarterly report"]);
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
    words[50] = "Tsunami";
    await pgContentRepo(db).save({
      articleId: 1,
      finalUrl: null,
      extractedTitle: null,
      text: words.join(" "),
      imageUrl: null,
      thumbUrl: null,
      videoUrl: null,
      status: "has_content",
      error: null,
      extractedAt: 1,
    });
    const { hits } = await pgSearchRepo(db).full({
      match: '"tsunami"',
      exclude: null,
      entityIds: [],
      limit: 5,
      offset: 0,
    });
    const snippet = hits[0]!.snippet!;
    expect(snippet).toContain("\u0002Tsunami\u0003");
    expect(snippet.startsWith("…")).toBe(true);
    const length = snippet.replace(/[…\u0002\u0003]/g, "").split(" ").length;
    expect(length).toBeLessThanOrEqual(32);
    // snippet(…, 32) gives 32 tokens of a longer column; ts_headline gives MinWords (it was 16, half of that).
    expect(length).toBeGreaterThanOrEqual(31);
  });

  it("ranks the newest tier first, pages through every match once and counts them all", async () => {
    const { db } = await pg.fresh();
    const n = SEARCH_TIER + 300;
    await addTitles(
      db,
      Array.from({ length: n }, (_, i) =>
        i + 1 === 5 || i + 1 === n - 50 ? "Storm storm storm warning" : `Storm update ${i + 1}`,
      ),
    );
    const search = pgSearchRepo(db);
    const first = await search.articles({ match: '"storm"', limit: 20, offset: 0 });
    expect(first.total).toBe(n);
    expect(first.items[0]?.article.id).toBe(n - 50);
    expect(first.items.every((i) => i.article.id > n - SEARCH_TIER)).toBe(true);
    const seen: number[] = [];
    for (let offset = 0; offset < n; offset += 100) {
      const page = await search.articles({ match: '"storm"', limit: 100, offset });
      seen.push(...page.items.map((i) => i.article.id));
    }
    expect(seen.length).toBe(n);
    expect(new Set(seen).size).toBe(n);
    expect(seen[SEARCH_TIER]).toBe(5);
    await addTitles(db, ["Harbour closed"], n + 1);
    const storm = await addEntity(db, "Storm Centre", [n + 1, 3, 7]);
    const full: number[] = [];
    let total = 0;
    for (let offset = 0; offset <= n; offset += 100) {
      const page = await search.full({
        match: '"storm"',
        exclude: null,
        entityIds: [storm],
        limit: 100,
        offset,
      });
      full.push(...page.hits.map((h) => h.article.id));
      total = page.total;
    }
    expect(total).toBe(n + 1);
    expect(new Set(full).size).toBe(n + 1);
    expect(full.slice(0, SEARCH_TIER).every((id) => id > n + 1 - SEARCH_TIER)).toBe(true);
  });

  it("finds titles by substring, lists categories, tags and totals", async () => {
    const { db } = await pg.fresh();
    await addTitles(db, ["Oil RALLY", "Élan in the ÉCOLE", "Nothing", "rally 100%_x"]);
    const search = pgSearchRepo(db);
    expect(await search.recentTitlesContaining("rally", 10)).toEqual(["rally 100%_x", "Oil RALLY"]);
    expect(await search.recentTitlesContaining("rally", 1)).toEqual(["rally 100%_x"]);
    expect(await search.recentTitlesContaining("école", 10)).toEqual(["Élan in the ÉCOLE"]);
    expect(await search.recentTitlesContaining("0%_", 10)).toEqual(["rally 100%_x"]);
    expect(await search.recentTitlesContaining("%%%", 10)).toEqual([]);
    expect(await search.recentTitlesContaining("ra", 10)).toBeNull();
    expect(await search.recentTitlesContaining("ral\u0000", 10)).toBeNull();
    await testSourceIn(db, "tech").then((s) =>
      db.updateTable("sources").set({ category: "tech" }).where("id", "=", s.id).execute(),
    );
    expect(await search.categoriesInUse()).toEqual(["tech", "world"]);
    await db
      .insertInto("article_tags")
      .values([
        { article_id: 1, tag: "b", score: 1 },
        { article_id: 2, tag: "b", score: 1 },
        { article_id: 1, tag: "a", score: 1 },
        { article_id: 3, tag: "c", score: 1 },
      ])
      .execute();
    expect(await search.topTags(2)).toEqual(["b", "a"]);
    await db
      .insertInto("stories")
      .values({ slug: "s", headline: "h", category: "world", first_seen: 1, last_updated: 1 })
      .execute();
    expect(await search.totals()).toEqual({ articles: 4, stories: 1, entities: 0, sources: 2 });
  });

  it("reads consistently while two pools write and search at once", async () => {
    const { db, url } = await pg.fresh();
    const other = await openPostgres(url);
    try {
      await addTitles(db, ["seed"]);
      const writes = Array.from({ length: 20 }, (_, i) =>
        addTitles(i % 2 ? db : other.db, [`Storm ${i}`], 100 + i),
      );
      const reads = Array.from({ length: 10 }, () =>
        pgSearchRepo(other.db).articles({ match: '"storm"', limit: 100, offset: 0 }),
      );
      const results = await Promise.all([...writes, ...reads]);
      // A page and its total come from one statement when the matches fit a tier (a page with no match counts
      // again in a second statement, which may see later commits).
      for (const r of results.slice(20) as Array<{ items: unknown[]; total: number }>)
        if (r.items.length > 0) expect(r.items.length).toBe(r.total);
        else expect(r.total).toBeLessThanOrEqual(20);
      expect((await pgSearchRepo(db).articles({ match: '"storm"', limit: 100, offset: 0 })).total).toBe(20);
    } finally {
      await other.close();
    }
  });
});
