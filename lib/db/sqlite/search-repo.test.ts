import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { tempStore, testSource } from "../../testing/temp-store";
import { SEARCH_TIER, tiersOf } from "./search-repo";

let store: ReturnType<typeof tempStore>;
let sourceId: number;
beforeEach(async () => {
  store = tempStore();
  sourceId = (await testSource(store)).id;
});
afterEach(() => store.cleanup());

/** Articles with these titles (ids 1, 2, …), indexed for search, in one transaction. */
function addTitles(titles: string[]): void {
  const article = store.db.prepare(
    `INSERT INTO articles (id, url_hash, url, canonical_url, title, slug, source_id, category, published_at, discovered_at)
     VALUES (@id, @hash, @url, @url, @title, 'a', @sourceId, 'world', @id, @id)`,
  );
  const fts = store.db.prepare(
    "INSERT INTO articles_fts (rowid, title, excerpt, body) VALUES (?, ?, '', '')",
  );
  store.db.transaction(() => {
    titles.forEach((title, i) => {
      const id = i + 1;
      article.run({ id, hash: `h${id}`, url: `https://wire.test/${id}`, title, sourceId });
      fts.run(id, title);
    });
  })();
}

function addEntity(name: string, articleIds: number[], aliases: string[] = []): number {
  const id = Number(
    store.db
      .prepare("INSERT INTO entities (name, type, slug, norm_key) VALUES (?, 'org', ?, ?)")
      .run(name, name.toLowerCase(), name.toLowerCase()).lastInsertRowid,
  );
  for (const alias of aliases)
    store.db
      .prepare("INSERT INTO entity_aliases (entity_id, alias, norm) VALUES (?, ?, ?)")
      .run(id, alias, alias.toLowerCase());
  const link = store.db.prepare("INSERT INTO article_entities (article_id, entity_id) VALUES (?, ?)");
  for (const a of articleIds) link.run(a, id);
  return id;
}

/**
 * The ranking of a full search over every candidate at once, as it was before tiers: the reference for a query
 * with fewer candidates than a tier.
 */
function rankEverything(match: string, entityIds: number[]): Array<{ id: number; rank: number }> {
  return store.db
    .prepare(
      `WITH t AS MATERIALIZED (SELECT rowid AS id, -bm25(articles_fts, 10.0, 2.0, 1.0) AS s FROM articles_fts
         WHERE articles_fts MATCH @match),
       e AS (SELECT article_id AS id, COUNT(DISTINCT entity_id) AS k FROM article_entities
         WHERE entity_id IN (SELECT value FROM json_each(@ids)) GROUP BY article_id),
       u AS (SELECT id FROM t UNION SELECT id FROM e)
       SELECT u.id, COALESCE(t.s, 0) + COALESCE(e.k, 0) * COALESCE(NULLIF((SELECT MAX(s) FROM t), 0), 1.0) / @n AS rank
       FROM u LEFT JOIN t ON t.id = u.id LEFT JOIN e ON e.id = u.id ORDER BY rank DESC, u.id DESC`,
    )
    .all({ match, ids: JSON.stringify(entityIds), n: Math.max(1, entityIds.length) }) as Array<{
    id: number;
    rank: number;
  }>;
}

describe("tiersOf", () => {
  it("splits a page at tier boundaries", () => {
    expect(tiersOf(0, 20)).toEqual([{ start: 0, within: 0, take: 20 }]);
    expect(tiersOf(SEARCH_TIER - 10, 30)).toEqual([
      { start: 0, within: SEARCH_TIER - 10, take: 10 },
      { start: SEARCH_TIER, within: 0, take: 20 },
    ]);
  });
});

describe("sqlite search repo", () => {
  it("finds entities by name or alias case-insensitively, through the lower() indexes", async () => {
    addTitles(["x"]);
    const apple = addEntity("Apple Inc", [1], ["Apple"]);
    const bank = addEntity("Bank of England", [1]);
    expect((await store.search.entityIdsNamed(["APPLE INC"])).sort()).toEqual([apple]);
    expect(await store.search.entityIdsNamed(["apple"])).toEqual([apple]);
    expect((await store.search.entityIdsNamed(["bank of england", "nothing"])).sort()).toEqual([bank]);
    const plan = (
      store.db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id FROM entities WHERE lower(name) IN (SELECT lower(value) FROM json_each(@names))
           UNION SELECT entity_id FROM entity_aliases WHERE lower(alias) IN (SELECT lower(value) FROM json_each(@names))`,
        )
        .all({ names: "[]" }) as Array<{ detail: string }>
    )
      .map((r) => r.detail)
      .join("\n");
    expect(plan).toContain("USING COVERING INDEX entities_lower_name");
    expect(plan).toContain("USING INDEX entity_aliases_lower_alias");
  });

  it("completes names and aliases by prefix as LIKE would, most articles first, from the lower() indexes", async () => {
    addTitles(["a", "b", "c"]);
    addEntity("Teller Report", [1]);
    addEntity("Edward Teller", [1, 2], ["Teller"]);
    addEntity("Tesla", [1, 2, 3]);
    addEntity("Émile Zola", []);
    addEntity("100%_Pure", [1]);
    addEntity("Te", [1]);
    store.db.exec(
      "UPDATE entities SET article_count = (SELECT COUNT(*) FROM article_entities WHERE entity_id = entities.id)",
    );
    // Any case of ASCII letters; the alias counts for its entity; an exact name is its own prefix.
    expect(await store.search.entityNamesByPrefix(["tE"], 10)).toEqual([
      "Tesla",
      "Edward Teller",
      "Te",
      "Teller Report",
    ]);
    expect(await store.search.entityNamesByPrefix(["TELL"], 1)).toEqual(["Edward Teller"]);
    // Beyond ASCII, SQLite's lower() keeps the case: the caller passes the variants it wants.
    expect(await store.search.entityNamesByPrefix(["émile"], 10)).toEqual([]);
    expect(await store.search.entityNamesByPrefix(["émile", "Émile"], 10)).toEqual(["Émile Zola"]);
    // % and _ are plain characters, not wildcards.
    expect(await store.search.entityNamesByPrefix(["100%_"], 10)).toEqual(["100%_Pure"]);
    expect(await store.search.entityNamesByPrefix(["%"], 10)).toEqual([]);
    expect(await store.search.entityNamesByPrefix(["1_0"], 10)).toEqual([]);
  });

  it("below one tier, ranks a full search exactly as ranking every candidate at once", async () => {
    addTitles([
      "Storm hits the coast",
      "Storm storm storm warning issued",
      "Markets calm after storm",
      "Harbour closed",
      "Fleet returns to harbour",
      "Harbour storm damage assessed",
    ]);
    const harbour = addEntity("Harbour Board", [4, 5, 6]);
    const fleet = addEntity("Fleet", [5]);
    for (const [match, ids] of [
      ['"storm"', [harbour, fleet]],
      ['"storm"', []],
      [null, [harbour]],
    ] as const) {
      const { hits, total } = await store.search.full({
        match,
        exclude: null,
        entityIds: [...ids],
        limit: 100,
        offset: 0,
      });
      const expected = rankEverything(match ?? '"nomatch"', [...ids]);
      expect(hits.map((h) => ({ id: h.article.id, rank: h.rank }))).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it("ranks the newest tier first, pages through every match once and counts them all", async () => {
    const n = SEARCH_TIER + 300;
    // Article 5 matches best of all but is older than a tier of matches; article n − 50 is the best of the newest.
    addTitles(
      Array.from({ length: n }, (_, i) =>
        i + 1 === 5 || i + 1 === n - 50 ? "Storm storm storm warning" : `Storm update ${i + 1}`,
      ),
    );
    const first = await store.search.articles({ match: '"storm"', limit: 20, offset: 0 });
    expect(first.total).toBe(n);
    expect(first.items[0]?.article.id).toBe(n - 50);
    expect(first.items.every((i) => i.article.id > n - SEARCH_TIER)).toBe(true);
    const seen: number[] = [];
    for (let offset = 0; offset < n; offset += 100) {
      const page = await store.search.articles({ match: '"storm"', limit: 100, offset });
      seen.push(...page.items.map((i) => i.article.id));
    }
    expect(seen.length).toBe(n);
    expect(new Set(seen).size).toBe(n);
    // The older tier starts with its own best match.
    expect(seen[SEARCH_TIER]).toBe(5);

    // Full search: the same tiers over text hits and entity links (here one article only an entity links).
    const onlyLinked = n + 1;
    addEntityArticle(onlyLinked, "Harbour closed");
    const storm = addEntity("Storm Centre", [onlyLinked, 3, 7]);
    const full: number[] = [];
    let total = 0;
    for (let offset = 0; offset <= n; offset += 100) {
      const page = await store.search.full({
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

  it("leaves excluded articles out of both text hits and entity links, and marks snippets", async () => {
    addTitles(["Storm hits the coast", "Storm over the harbour", "Harbour reopens"]);
    const harbour = addEntity("Harbour", [2, 3]);
    const { hits, total } = await store.search.full({
      match: '("storm") NOT ("coast")',
      exclude: '"coast"',
      entityIds: [harbour],
      limit: 10,
      offset: 0,
    });
    expect(hits.map((h) => h.article.id).sort()).toEqual([2, 3]);
    expect(total).toBe(2);
    expect(hits.find((h) => h.article.id === 2)?.snippet).toBe("\u0002Storm\u0003 over the harbour");
    expect(hits.find((h) => h.article.id === 3)?.snippet).toBeNull();
  });

  it("gives each text hit the snippet of its own text", async () => {
    addTitles(["Storm hits the coast", "Storm over the harbour", "Storm warning lifted"]);
    const { hits } = await store.search.full({
      match: '"storm"',
      exclude: null,
      entityIds: [],
      limit: 10,
      offset: 0,
    });
    expect(Object.fromEntries(hits.map((h) => [h.article.id, h.snippet]))).toEqual({
      1: "\u0002Storm\u0003 hits the coast",
      2: "\u0002Storm\u0003 over the harbour",
      3: "\u0002Storm\u0003 warning lifted",
    });
  });
});

function addEntityArticle(id: number, title: string): void {
  store.db
    .prepare(
      `INSERT INTO articles (id, url_hash, url, canonical_url, title, slug, source_id, category, published_at, discovered_at)
       VALUES (?, ?, ?, ?, ?, 'a', ?, 'world', ?, ?)`,
    )
    .run(id, `h${id}`, `https://wire.test/${id}`, `https://wire.test/${id}`, title, sourceId, id, id);
  store.db
    .prepare("INSERT INTO articles_fts (rowid, title, excerpt, body) VALUES (?, ?, '', '')")
    .run(id, title);
}
