import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { ArticleEnrichment } from "../store";
import type { Article, EventDraft } from "../types";
import { pgArticleRepo } from "./article-repo";
import { openPostgres, type PgDb } from "./connect";
import { itemNew, newArticle, testSourceIn } from "./content-test-fixtures";
import { pgEnrichmentRepo } from "./enrichment-repo";
import { pgEntityRepo } from "./entity-repo";

const pg = postgresForTests();

type E = ArticleEnrichment["entities"][number];
export const entity = (ref: string, over: Partial<E> = {}): E => ({
  ref,
  type: "org",
  key: ref.toLowerCase(),
  name: ref,
  slug: ref.toLowerCase(),
  subcategory: null,
  count: 1,
  aliases: [],
  description: null,
  wikidataId: null,
  wikipediaUrl: null,
  enriched: false,
  ...over,
});

export const enrichment = (articleId: number, over: Partial<ArticleEnrichment> = {}): ArticleEnrichment => ({
  articleId,
  vector: null,
  embeddingModel: null,
  entities: [],
  relationships: [],
  tags: [],
  headlineSummary: null,
  ...over,
});

const enriched = (a: Article, ids: number[]): EventDraft => ({
  ts: a.discoveredAt,
  type: "item.enriched",
  clusterId: a.storyId ?? 0,
  articleId: a.id,
  payload: (id) => ({
    id,
    type: "item.enriched",
    data: { title: a.title, summary: a.headlineSummary },
    entity_ids: ids,
  }),
});

async function articles(db: PgDb, n: number) {
  const s = await testSourceIn(db);
  return (
    await pgArticleRepo(db).ingest(
      Array.from({ length: n }, (_, i) => newArticle(s.id, i)),
      itemNew,
    )
  ).inserted;
}

describe("PostgreSQL EnrichmentRepo", () => {
  it("stores entities, mentions, relations, tags and tickers with the item.enriched event, once per article", async () => {
    const { db } = await pg.fresh();
    const [a, b] = await articles(db, 2);
    const repo = pgEnrichmentRepo(db);
    const entities = pgEntityRepo(db);
    const v0 = await entities.version();
    const out = await repo.apply(
      [
        enrichment(a!.id, {
          entities: [
            entity("Acme", { count: 2, aliases: ["Acme Corp"] }),
            entity("Jane Doe", { type: "person", key: "jane doe" }),
            entity("ACME", { key: "acme", count: 3 }),
          ],
          relationships: [
            { source: "Jane Doe", target: "Acme", type: "works_for", confidence: 0.5 },
            { source: "Acme", target: "ACME", type: "self", confidence: 1 },
          ],
          tags: [{ tag: "markets", score: 0.7 }],
          headlineSummary: "Summary",
          tickers: [{ symbol: "ACME", confidence: 0.9, sentiment_score: 0.1 } as never],
        }),
      ],
      enriched,
    );
    const [acme, jane] = out.get(a!.id)!;
    expect(out.get(a!.id)).toHaveLength(2);
    expect(await entities.version()).toBeGreaterThan(v0);
    const stored = await entities.get(acme!);
    expect(stored).toMatchObject({
      name: "Acme",
      type: "org",
      slug: `acme-${acme}`,
      articleCount: 1,
      aliases: ["Acme Corp"],
    });
    expect((await entities.get(jane!))?.aliases).toEqual(["Doe"]);
    const mention = await db
      .selectFrom("article_entities")
      .selectAll()
      .where("entity_id", "=", acme!)
      .executeTakeFirstOrThrow();
    expect(mention).toMatchObject({
      mention_count: 5,
      published_at: a!.publishedAt,
      discovered_at: a!.discoveredAt,
    });
    const events = await db.selectFrom("events").selectAll().where("type", "=", "item.enriched").execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload!)).toMatchObject({
      entity_ids: [acme, jane],
      data: { summary: "Summary" },
    });
    expect((await pgArticleRepo(db).getByHash("h0"))?.tickers).toEqual([
      { symbol: "ACME", confidence: 0.9, sentiment_score: 0.1 },
    ]);
    // Applied again: skipped.
    expect((await repo.apply([enrichment(a!.id, { entities: [entity("Other")] })], enriched)).size).toBe(0);
    // A second article: the surname alias and another type's key resolve to the stored entities; the relation's
    // confidence grows as independent evidence (noisy-or).
    const second = await repo.apply(
      [
        enrichment(b!.id, {
          entities: [
            entity("Doe", { type: "person", key: "doe" }),
            entity("Acme", { type: "location", key: "acme", enriched: true, subcategory: "city" }),
          ],
          relationships: [{ source: "Doe", target: "Acme", type: "works_for", confidence: 0.5 }],
        }),
      ],
      enriched,
    );
    expect(second.get(b!.id)).toEqual([jane, acme]);
    expect(await entities.get(acme!)).toMatchObject({
      type: "location",
      subcategory: "city",
      enriched: true,
      articleCount: 2,
    });
    const [rel] = await entities.strongestRelationships({ entityIds: [jane!], excludeIds: [], limit: 5 });
    expect(rel).toMatchObject({
      sourceEntityId: jane,
      targetEntityId: acme,
      articleCount: 2,
      confidence: 0.75,
    });
  });

  it("refreshes a story's entities and top entities from its members", async () => {
    const { db } = await pg.fresh();
    const [a, b] = await articles(db, 2);
    const story = await db
      .insertInto("stories")
      .values({ slug: "s", headline: "h", category: "world", first_seen: 1, last_updated: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("articles").set({ story_id: story.id }).execute();
    const repo = pgEnrichmentRepo(db);
    await repo.apply(
      [
        enrichment(a!.id, { entities: [entity("Acme", { count: 2 }), entity("Beta")] }),
        enrichment(b!.id, { entities: [entity("Beta", { count: 4 })] }),
      ],
      enriched,
    );
    await repo.refreshStories([story.id]);
    const top = await pgEntityRepo(db).storyEntities(story.id, 10);
    expect(top.map((t) => [t.entity.name, t.mentionCount])).toEqual([
      ["Beta", 5],
      ["Acme", 2],
    ]);
    const row = await db.selectFrom("stories").select("top_entities_json").executeTakeFirstOrThrow();
    expect(JSON.parse(row.top_entities_json!)).toEqual([
      { name: "Beta", type: "org" },
      { name: "Acme", type: "org" },
    ]);
    const se = await db.selectFrom("story_entities").select("first_seen").orderBy("entity_id").execute();
    expect(se.map((r) => r.first_seen)).toEqual([a!.publishedAt, a!.publishedAt]);
  });

  it("two workers on two pools claim and enrich every due article exactly once", async () => {
    const { db, url } = await pg.fresh();
    const other = await openPostgres(url);
    try {
      await articles(db, 40);
      const repos = [pgEnrichmentRepo(db), pgEnrichmentRepo(other.db)];
      const seen: number[] = [];
      const worker = async (repo: ReturnType<typeof pgEnrichmentRepo>) => {
        for (;;) {
          const batch = await repo.due(3);
          if (batch.length === 0) return;
          seen.push(...batch.map((x) => x.id));
          await repo.apply(
            batch.map((x) => enrichment(x.id, { entities: [entity("Shared"), entity(`Own ${x.id}`)] })),
            enriched,
          );
        }
      };
      await Promise.all([worker(repos[0]!), worker(repos[1]!), worker(repos[0]!), worker(repos[1]!)]);
      expect(seen.length).toBe(40);
      expect(new Set(seen).size).toBe(40);
      expect(
        (await db.selectFrom("events").select("id").where("type", "=", "item.enriched").execute()).length,
      ).toBe(40);
      const shared = await db.selectFrom("entities").selectAll().where("name", "=", "Shared").execute();
      expect(shared).toHaveLength(1);
      expect(shared[0]!.article_count).toBe(40);
      expect(await repos[0]!.due(10)).toEqual([]);
      // Applying the same articles again from both pools at once changes nothing.
      const again = await Promise.all(repos.map((r) => r.apply([enrichment(seen[0]!)], enriched)));
      expect(again.map((m) => m.size)).toEqual([0, 0]);
    } finally {
      await other.close();
    }
  });

  it("hands an article out again once its claim expires", async () => {
    const { db } = await pg.fresh();
    await articles(db, 2);
    let t = 1_000;
    const repo = pgEnrichmentRepo(db, { claimMs: 100, now: () => t });
    expect((await repo.due(10)).map((a) => a.urlHash)).toEqual(["h0", "h1"]);
    expect(await repo.due(10)).toEqual([]);
    t += 100;
    expect((await repo.due(1)).map((a) => a.urlHash)).toEqual(["h0"]);
  });
});
