import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import { pgArticleRepo } from "./article-repo";
import { openPostgres, type PgDb } from "./connect";
import { itemNew, newArticle, testSourceIn } from "./content-test-fixtures";
import { pgEntityRepo } from "./entity-repo";

const pg = postgresForTests();

async function seed(db: PgDb) {
  const s = await testSourceIn(db);
  const { inserted } = await pgArticleRepo(db).ingest(
    [
      newArticle(s.id, 1, { publishedAt: 500, discoveredAt: 100 }),
      newArticle(s.id, 2, { publishedAt: 500, discoveredAt: 200 }),
      newArticle(s.id, 3, { publishedAt: 900, discoveredAt: 300 }),
    ],
    itemNew,
  );
  const add = (name: string, type: string, key: string, article_count: number, aliases: string[] = []) =>
    db
      .insertInto("entities")
      .values({ name, type, slug: "", norm_key: key, article_count })
      .returning("id")
      .executeTakeFirstOrThrow()
      .then(async ({ id }) => {
        await db
          .updateTable("entities")
          .set({ slug: `${key.replace(/ /g, "-")}-${id}` })
          .where("id", "=", id)
          .execute();
        for (const alias of [name, ...aliases])
          await db
            .insertInto("entity_aliases")
            .values({ entity_id: id, alias, norm: alias.toLowerCase() })
            .execute();
        return id;
      });
  const sao = await add("São Paulo", "location", "sao paulo", 3, ["Sampa"]);
  const paul = await add("Paul Smith", "person", "paul smith", 5, ["Smith"]);
  const pauline = await add("Pauline", "person", "pauline", 1);
  const acme = await add("Acme 100%", "org", "acme 100%", 5);
  for (const [a, e] of [
    [0, sao],
    [1, sao],
    [2, sao],
    [2, paul],
    [0, acme],
  ] as const)
    await db.insertInto("article_entities").values({ article_id: inserted[a]!.id, entity_id: e }).execute();
  return { inserted, sao, paul, pauline, acme };
}

describe("PostgreSQL EntityRepo", () => {
  it("lists by article count, prefix matches first, on names, folded keys and aliases", async () => {
    const { db } = await pg.fresh();
    const { sao, paul, pauline, acme } = await seed(db);
    const repo = pgEntityRepo(db);
    const all = await repo.list({ limit: 10, offset: 0 });
    expect(all.entities.map((e) => e.id)).toEqual([acme, paul, sao, pauline]);
    expect(all.total).toBe(4);
    const paulMatch = await repo.list({ match: { raw: "PAUL", folded: "paul" }, limit: 10, offset: 0 });
    // "Pauline" and "Paul Smith" start with it; "São Paulo" holds it.
    expect(paulMatch.entities.map((e) => e.id)).toEqual([paul, pauline, sao]);
    expect(
      (await repo.list({ match: { raw: "sao", folded: "sao" }, limit: 10, offset: 0 })).entities.map(
        (e) => e.id,
      ),
    ).toEqual([sao]);
    expect((await repo.list({ match: { raw: "sampa", folded: "sampa" }, limit: 10, offset: 0 })).total).toBe(
      1,
    );
    expect(
      (await repo.list({ match: { raw: "0%", folded: "0%" }, limit: 10, offset: 0 })).entities.map(
        (e) => e.id,
      ),
    ).toEqual([acme]);
    expect(
      (await repo.list({ match: { raw: "%", folded: "" }, limit: 10, offset: 0 })).entities.map((e) => e.id),
    ).toEqual([acme]);
    const people = await repo.list({ type: "person", limit: 1, offset: 1 });
    expect([people.entities.map((e) => e.id), people.total]).toEqual([[pauline], 2]);
    expect((await repo.list({ subcategory: "city", limit: 5, offset: 0 })).total).toBe(0);
  });

  it("gets by id, slug and many ids, with aliases first seen first", async () => {
    const { db } = await pg.fresh();
    const { sao, paul } = await seed(db);
    const repo = pgEntityRepo(db);
    const s = await repo.get(sao);
    expect(s).toMatchObject({
      name: "São Paulo",
      slug: `sao-paulo-${sao}`,
      aliases: ["Sampa"],
      enriched: false,
    });
    expect((await repo.get(`sao-paulo-${sao}`))?.id).toBe(sao);
    expect(await repo.get("sao-paulo-999999")).toBeNull();
    expect(await repo.get(99999)).toBeNull();
    expect((await repo.getMany([paul, 12345, sao])).map((e) => e.id)).toEqual([paul, sao]);
    expect(await repo.getMany([])).toEqual([]);
  });

  it("pages an entity's articles, counts mention windows, ranks story entities and relations", async () => {
    const { db } = await pg.fresh();
    const { inserted, sao, paul, acme } = await seed(db);
    const repo = pgEntityRepo(db);
    const page = await repo.articles(sao, { limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.items.map((a) => a.urlHash)).toEqual(["h3", "h2"]);
    expect((await repo.articles(sao, { limit: 2, offset: 2 })).items.map((a) => a.urlHash)).toEqual(["h1"]);
    const windows = await repo.mentionWindows({ baselineFrom: 0, recentFrom: 150, until: 300 });
    expect(windows.sort((a, b) => a.entityId - b.entityId)).toEqual([
      { entityId: sao, recent: 2, baseline: 1 },
      { entityId: paul, recent: 1, baseline: 0 },
    ]);
    const rel = async (s: number, t: number, type: string, confidence: number, article_count: number) =>
      (
        await db
          .insertInto("entity_relationships")
          .values({
            source_entity_id: s,
            target_entity_id: t,
            relationship_type: type,
            confidence,
            article_count,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const r1 = await rel(sao, paul, "a", 0.5, 4);
    const r2 = await rel(acme, sao, "b", 1, 3);
    const r3 = await rel(paul, acme, "c", 0.9, 1);
    const strongest = await repo.strongestRelationships({ entityIds: [sao], excludeIds: [], limit: 5 });
    expect(strongest.map((r) => r.id)).toEqual([r2, r1]);
    expect(
      (await repo.strongestRelationships({ entityIds: [sao, paul], excludeIds: [r2], limit: 5 })).map(
        (r) => r.id,
      ),
    ).toEqual([r1, r3]);
    expect(await repo.strongestRelationships({ entityIds: [], excludeIds: [], limit: 5 })).toEqual([]);
    const story = await db
      .insertInto("stories")
      .values({ slug: "s", headline: "h", category: "world", first_seen: 1, last_updated: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("story_entities")
      .values([
        { story_id: story.id, entity_id: sao, mention_count: 2, first_seen: 1 },
        { story_id: story.id, entity_id: paul, mention_count: 2, first_seen: 1 },
        { story_id: story.id, entity_id: acme, mention_count: 7, first_seen: 1 },
      ])
      .execute();
    expect((await repo.storyEntities(story.id, 2)).map((x) => [x.entity.id, x.mentionCount])).toEqual([
      [acme, 7],
      [paul, 2],
    ]);
    expect(inserted.length).toBe(3);
  });

  it("moves its version with every committed entity write, never before the commit, across pools", async () => {
    const { db, url } = await pg.fresh();
    const other = await openPostgres(url);
    try {
      const repo = pgEntityRepo(db);
      const v0 = await repo.version();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const writing = other.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("entities")
          .values({ name: "X", type: "org", slug: "x", norm_key: "x" })
          .execute();
        await held;
      });
      await new Promise((r) => setTimeout(r, 100));
      // The write is not committed: the version has not moved.
      expect(await repo.version()).toBe(v0);
      release();
      await writing;
      expect(await repo.version()).toBe(v0 + 1);
      // A burst of writes from two pools moves it once per statement.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? db : other.db)
            .insertInto("entities")
            .values({ name: `E${i}`, type: "org", slug: `e${i}`, norm_key: `e${i}` })
            .execute(),
        ),
      );
      expect(await repo.version()).toBe(v0 + 11);
    } finally {
      await other.close();
    }
  });
});
