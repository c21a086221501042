import { describe, expect, it } from "vitest";

import { VELOCITY_TAU_MS } from "../../stories/dynamics/velocity";
import { postgresForTests } from "../../testing/postgres-db";
import type { ClusteringBatch } from "../store";
import { openPostgres, type PgDb } from "./connect";
import { pgStoryDynamicsRepo } from "./story-dynamics-repo";
import { insertArticle, insertEntity, insertSource } from "./story-fixtures";
import { writeStoryEntities } from "./story-read-model";
import { pgStoryRepo } from "./story-repo";
import { pgTopicRepo } from "./topic-repo";

const pg = postgresForTests();

const T = Date.UTC(2026, 0, 5, 12);

const story = (id: number, articleCount: number, headline = `Story ${id}`, lastUpdated = T + 3) => ({
  id,
  headline,
  category: "world",
  articleCount,
  firstSeen: T,
  lastUpdated,
});

const batch = (b: Partial<ClusteringBatch>): ClusteringBatch => ({
  stories: [],
  memberships: [],
  assignments: [],
  merges: [],
  events: [],
  ...b,
});

async function fourArticles(db: PgDb) {
  const wire = await insertSource(db, "wire", "Wire");
  const post = await insertSource(db, "post", "Post");
  const ids = [
    await insertArticle(db, { sourceId: wire, title: "Dam bursts near Lisbon", discoveredAt: T }),
    await insertArticle(db, {
      sourceId: post,
      title: "Lisbon dam bursts",
      discoveredAt: T + 1,
      imageUrl: "https://post.test/2.jpg",
    }),
    await insertArticle(db, { sourceId: post, title: "Floods follow Lisbon dam burst", discoveredAt: T + 2 }),
    await insertArticle(db, { sourceId: wire, title: "Rail strike in Porto", discoveredAt: T + 3 }),
  ];
  return { wire, post, ids };
}

const listing = (db: PgDb, id: number) =>
  db
    .selectFrom("stories")
    .select(["sources_json", "top_entities_json", "member_image_url", "source_total"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("PostgreSQL StoryRepo", () => {
  it("writes the listing columns with the clustering batch, and merges move members and listing", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const { ids } = await fourArticles(db);
    const [a1, a2, a3, a4] = ids as [number, number, number, number];
    const v0 = await stories.version();
    await stories.apply(
      batch({
        stories: [story(1, 3), story(2, 1)],
        memberships: [
          { articleId: a1, storyId: 1 },
          { articleId: a2, storyId: 1 },
          { articleId: a3, storyId: 1 },
          { articleId: a4, storyId: 2 },
        ],
        assignments: [{ articleId: a1, storyId: 1, at: T, reasons: { why: "seed" } }],
      }),
    );
    expect(await stories.version()).toBeGreaterThan(v0);
    expect(JSON.parse((await listing(db, 1)).sources_json!)).toEqual(["Post", "Wire"]);
    expect(await listing(db, 1)).toMatchObject({
      member_image_url: "https://post.test/2.jpg",
      source_total: 2,
    });
    expect(JSON.parse((await listing(db, 2)).sources_json!)).toEqual(["Wire"]);
    const one = await stories.get(1);
    expect(one).toMatchObject({
      slug: "story-1-1",
      sources: ["Post", "Wire"],
      sourceCount: 2,
      imageUrl: "https://post.test/2.jpg",
      topEntities: [],
      articleCount: 3,
    });
    expect(one!.summary).not.toBe("");
    expect(await stories.get("story-1-1")).toMatchObject({ id: 1 });
    expect(await stories.get(99)).toBeNull();
    const assignment = await db.selectFrom("story_assignments").selectAll().executeTakeFirstOrThrow();
    expect(assignment).toMatchObject({ article_id: a1, story_id: 1, reasons: '{"why":"seed"}' });

    const v1 = await stories.version();
    await stories.apply(batch({ stories: [story(2, 4)], merges: [{ goneId: 1, intoId: 2, at: T + 4 }] }));
    expect(await stories.version()).toBeGreaterThan(v1);
    // Wire and Post have two articles each: the name breaks the tie.
    expect(await stories.get(2)).toMatchObject({
      sources: ["Post", "Wire"],
      imageUrl: "https://post.test/2.jpg",
      articleCount: 4,
    });
    expect(await stories.get(1)).toMatchObject({ mergedInto: 2 });
    expect((await stories.members(2)).map((a) => a.id).sort()).toEqual([a1, a2, a3, a4].sort());
    expect(await db.selectFrom("merged_stories").selectAll().execute()).toEqual([
      { old_id: 1, into_id: 2, merged_at: T + 4 },
    ]);
  });

  it("follows merges within one batch to the story that survives, and repoints earlier merges", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const { ids } = await fourArticles(db);
    await stories.apply(batch({ stories: [story(1, 1)], memberships: [{ articleId: ids[0]!, storyId: 1 }] }));
    await stories.apply(batch({ stories: [story(2, 1)], memberships: [{ articleId: ids[1]!, storyId: 2 }] }));
    await stories.apply(batch({ merges: [{ goneId: 1, intoId: 2, at: T + 5 }] }));
    // 2 merges into 3, which merges into 4 in the same batch (3 never gets a row).
    await stories.apply(
      batch({
        stories: [story(4, 2)],
        merges: [
          { goneId: 2, intoId: 3, at: T + 6 },
          { goneId: 3, intoId: 4, at: T + 6 },
        ],
      }),
    );
    expect((await stories.members(4)).map((a) => a.id).sort()).toEqual([ids[0], ids[1]].sort());
    const merged = await db.selectFrom("merged_stories").selectAll().orderBy("old_id").execute();
    expect(merged.map((m) => [m.old_id, m.into_id])).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    expect((await stories.get(2))?.mergedInto).toBe(4);
  });

  it("keeps a headline history, and history() splits members, sources, entities and developments at a time", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const { ids } = await fourArticles(db);
    const [a1, a2, a3] = ids as [number, number, number];
    await stories.apply(
      batch({
        stories: [story(1, 1, "Dam bursts", T)],
        memberships: [{ articleId: a1, storyId: 1 }],
      }),
    );
    await stories.apply(
      batch({
        stories: [story(1, 3, "Dam bursts near Lisbon", T + 2)],
        memberships: [
          { articleId: a2, storyId: 1 },
          { articleId: a3, storyId: 1 },
        ],
      }),
    );
    const lisbon = await insertEntity(db, { name: "Lisbon", type: "location" });
    const edp = await insertEntity(db, { name: "EDP", type: "org" });
    await db
      .insertInto("article_entities")
      .values([
        { article_id: a1, entity_id: lisbon },
        { article_id: a2, entity_id: lisbon },
        { article_id: a3, entity_id: edp },
      ])
      .execute();
    await db
      .insertInto("developments")
      .values([
        {
          story_id: 1,
          created_at_ms: T,
          title: "a",
          description: "",
          significance: "minor",
          enrichment_seq: 1,
        },
        {
          story_id: 1,
          created_at_ms: T + 2,
          title: "b",
          description: "",
          significance: "major",
          enrichment_seq: 2,
          trigger_article_hashes: '["x"]',
        },
      ])
      .execute();
    const payload = (previous: string, next: string) =>
      JSON.stringify({ data: { previous_priority: previous, new_priority: next } });
    await db
      .insertInto("events")
      .values([
        { ts: T + 1, type: "story.priority_changed", cluster_id: 1, payload: payload("low", "high") },
        { ts: T + 2, type: "story.priority_changed", cluster_id: 1, payload: payload("high", "medium") },
        { ts: T - 1, type: "story.priority_changed", cluster_id: 1, payload: payload("low", "breaking") },
      ])
      .execute();
    const h = await stories.history(1, T);
    expect(h).toEqual({
      baselineCount: 1,
      newArticles: [
        {
          urlHash: expect.any(String),
          title: "Floods follow Lisbon dam burst",
          sourceName: "Post",
          publishedAt: 0,
        },
        { urlHash: expect.any(String), title: "Lisbon dam bursts", sourceName: "Post", publishedAt: 0 },
      ],
      newSources: ["Post"],
      newEntities: ["EDP"],
      headlineChanged: true,
      developmentSignificances: ["major"],
      priorityRises: ["high"],
    });
    expect((await stories.history(1, T + 2)).headlineChanged).toBe(false);
    const devs = await stories.developments(1);
    expect(devs.map((d) => [d.title, d.triggerArticleHashes])).toEqual([
      ["a", []],
      ["b", ["x"]],
    ]);
  });

  it("lists active stories by decayed velocity, filtered by category and tickers, with the total", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const now = T + 10 * VELOCITY_TAU_MS;
    await stories.apply(
      batch({
        stories: [
          story(1, 1, "Slow", now),
          story(2, 1, "Fast but old", now),
          story(3, 1, "Fast", now),
          story(4, 1, "Quiet", now - 1),
          story(5, 1, "Ancient", T - 1),
          { ...story(6, 1, "Sport", now), category: "sports" },
        ],
      }),
    );
    const set = (id: number, velocity: number, velocityAt: number) =>
      db.updateTable("stories").set({ velocity, velocity_at: velocityAt }).where("id", "=", id).execute();
    await set(1, 1, now);
    await set(2, 100, now - 3 * VELOCITY_TAU_MS); // 100·e^-3 ≈ 4.98
    await set(3, 5, now);
    // 1000 taus ago: exp underflows (0 in SQLite); PostgreSQL must not raise.
    await set(4, 50, now - 1000 * VELOCITY_TAU_MS);
    await db
      .insertInto("story_tickers")
      .values({
        story_id: 1,
        symbol: "EDP",
        confidence: 1,
        sentiment: "neutral",
        sentiment_score: 0,
        impact: "low",
        impact_score: 0,
      })
      .execute();
    const page = await stories.listActive({ since: T, now, limit: 10, offset: 0, category: "world" });
    expect(page.total).toBe(4);
    expect(page.stories.map((s) => s.id)).toEqual([3, 2, 1, 4]);
    const second = await stories.listActive({ since: T, now, limit: 2, offset: 2 });
    expect(second.total).toBe(5);
    expect(second.stories.map((s) => s.id)).toEqual([1, 6]);
    const carrying = await stories.listActive({ since: T, now, tickers: ["EDP"], limit: 10, offset: 0 });
    expect(carrying).toMatchObject({ total: 1, stories: [{ id: 1 }] });
  });

  it("reads live stories, unassigned articles, titles and the latest article time", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const src = await insertSource(db, "wire", "Wire");
    const a1 = await insertArticle(db, {
      sourceId: src,
      title: "One",
      discoveredAt: T + 5,
      publishedAt: T + 1,
    });
    const a2 = await insertArticle(db, { sourceId: src, title: "Two", discoveredAt: T + 2, enrichedAt: T });
    const a3 = await insertArticle(db, { sourceId: src, title: "Three", discoveredAt: T + 9, excerpt: "x" });
    const e1 = await insertEntity(db, { name: "Lisbon", type: "location" });
    const e2 = await insertEntity(db, { name: "EDP", type: "org" });
    await db
      .insertInto("article_entities")
      .values([
        { article_id: a1, entity_id: e2 },
        { article_id: a1, entity_id: e1 },
      ])
      .execute();
    expect(await stories.hasUnassigned()).toBe(true);
    const un = await stories.unassigned();
    expect(un.map((u) => [u.id, u.time, u.enriched])).toEqual(
      [
        [a1, T + 1],
        [a2, T + 2],
        [a3, T + 9],
      ].map(([id, t], i) => [id, t, i === 1]),
    );
    expect(un[0]!.names).toBe(`location:lisbon\u001forg:edp`);
    expect(un[1]!.names).toBeNull();
    expect(await stories.latestArticleTime()).toBe(T + 9);

    await stories.apply(
      batch({
        stories: [story(7, 2, "Seven", T + 9), story(8, 1, "Eight", T - 100)],
        memberships: [
          { articleId: a3, storyId: 7 },
          { articleId: a1, storyId: 7 },
          { articleId: a2, storyId: 8 },
        ],
      }),
    );
    expect(await stories.hasUnassigned()).toBe(false);
    expect(await stories.unassigned()).toEqual([]);
    const live = await stories.live(T);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ id: 7, headline: "Seven", category: "world" });
    expect(live[0]!.members.map((m) => m.articleId)).toEqual([a1, a3]);
    expect(live[0]!.members[1]).toEqual({
      articleId: a3,
      title: "Three",
      url: expect.any(String),
      excerpt: "x",
      category: "world",
      time: T + 9,
      names: null,
    });
    const titles = [];
    for await (const t of stories.titles()) titles.push(t.title);
    expect(titles).toEqual(["One", "Two", "Three"]);
  });

  it("refreshes summaries of recent stories and of those that never got one", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const { ids } = await fourArticles(db);
    await stories.apply(
      batch({ stories: [story(1, 1, "Dam", T)], memberships: [{ articleId: ids[0]!, storyId: 1 }] }),
    );
    await stories.apply(
      batch({ stories: [story(2, 1, "Rail", T - 1000)], memberships: [{ articleId: ids[3]!, storyId: 2 }] }),
    );
    await db.updateTable("stories").set({ summary: "stale" }).execute();
    await db.updateTable("stories").set({ summary: "" }).where("id", "=", 2).execute();
    expect(await stories.refreshSummaries({ since: T, limit: 10 })).toBe(2);
    const rows = await db.selectFrom("stories").select(["id", "summary"]).orderBy("id").execute();
    expect(rows.every((r) => r.summary !== "stale" && r.summary !== "")).toBe(true);
    expect(await stories.refreshSummaries({ since: T + 1, limit: 10 })).toBe(0);
  });

  it("carries the top entities written by the entity refresh", async () => {
    const { db } = await pg.fresh();
    const stories = pgStoryRepo(db);
    const { ids } = await fourArticles(db);
    await stories.apply(
      batch({
        stories: [story(3, 2)],
        memberships: [
          { articleId: ids[0]!, storyId: 3 },
          { articleId: ids[1]!, storyId: 3 },
        ],
      }),
    );
    const lisbon = await insertEntity(db, { name: "Lisbon", type: "location" });
    const edp = await insertEntity(db, { name: "EDP", type: "org" });
    await db
      .insertInto("story_entities")
      .values([
        { story_id: 3, entity_id: lisbon, mention_count: 3, first_seen: T },
        { story_id: 3, entity_id: edp, mention_count: 1, first_seen: T },
      ])
      .execute();
    await db.transaction().execute((trx) => writeStoryEntities(trx, 3));
    expect((await stories.get(3))?.topEntities).toEqual([
      { name: "Lisbon", type: "location" },
      { name: "EDP", type: "org" },
    ]);
  });

  it("computes the listing of a story row copied in without it", async () => {
    const { db } = await pg.fresh();
    const src = await insertSource(db, "wire", "Wire");
    await db
      .insertInto("stories")
      .values({ id: 9, slug: "dam-9", headline: "Dam", category: "world", first_seen: 0, last_updated: 0 })
      .execute();
    await insertArticle(db, {
      sourceId: src,
      title: "Dam",
      discoveredAt: 0,
      imageUrl: "https://i/1.jpg",
      storyId: 9,
    });
    expect(await pgStoryRepo(db).get(9)).toMatchObject({
      sources: ["Wire"],
      sourceCount: 1,
      topEntities: [],
      imageUrl: "https://i/1.jpg",
    });
  });
});

describe("PostgreSQL StoryRepo under concurrency", () => {
  it("reserves disjoint, gap-free story id ranges across two pools", async () => {
    const { url } = await pg.fresh();
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const repos = pools.map((p) => pgStoryRepo(p.db));
      const sizes = Array.from({ length: 60 }, (_, i) => 1 + (i % 5));
      const firsts = await Promise.all(sizes.map((n, i) => repos[i % 2]!.reserveIds(n)));
      const taken = firsts.flatMap((first, i) => Array.from({ length: sizes[i]! }, (_, k) => first + k));
      const total = sizes.reduce((a, b) => a + b, 0);
      expect(new Set(taken).size).toBe(total);
      expect(Math.min(...taken)).toBe(1);
      expect(Math.max(...taken)).toBe(total);
      expect(await repos[0]!.reserveIds(1)).toBe(total + 1);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  it("applies overlapping batches from two pools exactly: every member placed, listing from all of them", async () => {
    const { db, url } = await pg.fresh();
    const srcs: number[] = [];
    for (let i = 0; i < 6; i++) srcs.push(await insertSource(db, `s${i}`, `Source ${i}`));
    const articles: number[] = [];
    for (let i = 0; i < 60; i++)
      articles.push(
        await insertArticle(db, { sourceId: srcs[i % 6]!, title: `A ${i}`, discoveredAt: T + i }),
      );
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const repos = pools.map((p) => pgStoryRepo(p.db));
      // 30 batches, each placing two articles in story 1 (alternately from each pool) and logging one event.
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          repos[i % 2]!.apply(
            batch({
              stories: [story(1, 2 * (i + 1))],
              memberships: [
                { articleId: articles[2 * i]!, storyId: 1 },
                { articleId: articles[2 * i + 1]!, storyId: 1 },
              ],
              assignments: [{ articleId: articles[2 * i]!, storyId: 1, at: T, reasons: {} }],
              events: [
                {
                  ts: T,
                  type: "cluster.event",
                  clusterId: 1,
                  articleId: null,
                  payload: (id) => ({ id, ts: 0, n: i }),
                },
              ],
            }),
          ),
        ),
      );
      const stories = pgStoryRepo(db);
      expect((await stories.members(1)).length).toBe(60);
      expect(await stories.get(1)).toMatchObject({ sourceCount: 6 });
      expect((await stories.get(1))!.sources).toHaveLength(6);
      expect(await db.selectFrom("story_assignments").select("article_id").execute()).toHaveLength(30);
      const events = await db.selectFrom("events").selectAll().orderBy("id").execute();
      expect(events).toHaveLength(30);
      for (const e of events) expect(JSON.parse(e.payload!)).toMatchObject({ id: e.id, ts: e.ts });
      // One headline row: every batch wrote the same headline.
      expect(await db.selectFrom("story_headlines").selectAll().execute()).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  it("runs clustering, dynamics, summaries and topics writers of the same stories at once without a deadlock", async () => {
    const { db, url } = await pg.fresh();
    const src = await insertSource(db, "wire", "Wire");
    const ids = [1, 2, 3, 4, 5, 6];
    await pgStoryRepo(db).apply(batch({ stories: ids.map((id) => story(id, 0)) }));
    const articles: number[] = [];
    for (let i = 0; i < 40; i++)
      articles.push(await insertArticle(db, { sourceId: src, title: `A${i}`, discoveredAt: T + i }));
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const work: Array<Promise<unknown>> = [];
      for (let i = 0; i < 20; i++) {
        const p = pools[i % 2]!.db;
        const order = i % 2 ? [...ids].reverse() : ids;
        work.push(
          pgStoryRepo(p).apply(
            batch({
              stories: order.map((id) => story(id, i)),
              memberships: [
                { articleId: articles[2 * i]!, storyId: order[0]! },
                { articleId: articles[2 * i + 1]!, storyId: order[5]! },
              ],
              events: [
                { ts: T, type: "cluster.event", clusterId: 1, articleId: null, payload: (id) => ({ id }) },
              ],
            }),
          ),
          pgStoryDynamicsRepo(pools[(i + 1) % 2]!.db).apply({
            updates: order.map((id) => ({
              id,
              sourceCount: 1,
              velocity: i,
              velocityAt: T,
              acceleration: 0,
              relevance: 1,
              priority: "low",
              label: null,
              devState: {},
              lastDevelopmentAt: null,
            })),
            developments: [],
            events: [
              {
                ts: T,
                type: "story.updated",
                clusterId: order[0]!,
                articleId: null,
                payload: (id) => ({ id }),
              },
            ],
          }),
          pgStoryRepo(p).refreshSummaries({ since: 0, limit: 10 }),
          pgTopicRepo(p).save(
            [{ id: 1 + (i % 3), headline: "t", category: "world", storyIds: order.slice(0, 3) }],
            T,
          ),
        );
      }
      await Promise.all(work);
      expect((await pgStoryRepo(db).unassigned()).length).toBe(0);
      expect(await db.selectFrom("events").select("id").execute()).toHaveLength(40);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  it("moves the story version only when the write commits", async () => {
    const { db, url } = await pg.fresh();
    const stories = pgStoryRepo(db);
    await stories.apply(batch({ stories: [story(1, 0)] }));
    const other = await openPostgres(url);
    try {
      const before = await stories.version();
      let inside = 0;
      await other.db.transaction().execute(async (trx) => {
        await trx.updateTable("stories").set({ headline: "Changed" }).where("id", "=", 1).execute();
        await trx.updateTable("stories").set({ label: "x" }).where("id", "=", 1).execute();
        inside = await stories.version();
      });
      expect(inside).toBe(before);
      expect(await stories.version()).toBe(before + 2);
    } finally {
      await other.close();
    }
  });
});
