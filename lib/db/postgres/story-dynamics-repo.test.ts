import { describe, expect, it } from "vitest";

import { RECENCY_TAU_MS } from "../../stories/dynamics/velocity";
import { postgresForTests } from "../../testing/postgres-db";
import type { ScoredTicker } from "../../tickers/story-tickers";
import type { DynamicsUpdate } from "../store";
import { openPostgres, type PgDb } from "./connect";
import { pgRankingRepo } from "./ranking-repo";
import { pgStoryDynamicsRepo } from "./story-dynamics-repo";
import { insertArticle, insertEntity, insertSource } from "./story-fixtures";
import { pgStoryRepo } from "./story-repo";

const pg = postgresForTests();
const T = Date.UTC(2026, 0, 5, 12);

async function seed(db: PgDb) {
  const wire = await insertSource(db, "wire", "Wire");
  const post = await insertSource(db, "post", "Post");
  const a1 = await insertArticle(db, { sourceId: wire, title: "One", discoveredAt: T + 2, publishedAt: T });
  const a2 = await insertArticle(db, { sourceId: post, title: "Two", discoveredAt: T + 1 });
  await db
    .updateTable("articles")
    .set({ duplicate_of: a1, tickers_json: '[{"symbol":"EDP"}]' })
    .where("id", "=", a2)
    .execute();
  await pgStoryRepo(db).apply({
    stories: [1, 2, 3].map((id) => ({
      id,
      headline: `Story ${id}`,
      category: "world",
      articleCount: id === 1 ? 2 : 0,
      firstSeen: T,
      lastUpdated: T + id,
    })),
    memberships: [
      { articleId: a1, storyId: 1 },
      { articleId: a2, storyId: 1 },
    ],
    assignments: [],
    merges: [],
    events: [],
  });
  return { wire, post, a1, a2 };
}

const update = (id: number, patch: Partial<DynamicsUpdate> = {}): DynamicsUpdate => ({
  id,
  sourceCount: 2,
  velocity: 1,
  velocityAt: T,
  acceleration: 0,
  relevance: 1,
  priority: "low",
  label: null,
  devState: {},
  lastDevelopmentAt: null,
  ...patch,
});

const ticker = (symbol: string, confidence = 0.9): ScoredTicker =>
  ({
    symbol,
    name: symbol,
    asset_class: "equity",
    confidence,
    sentiment: "bullish",
    sentiment_score: 0.5,
    impact: "high",
    impact_score: 0.7,
    rationale: null,
    price_usd: null,
    price_change_24h: null,
  }) satisfies ScoredTicker;

describe("PostgreSQL StoryDynamicsRepo", () => {
  it("snapshots a story with members, authority, entities and ticker notices", async () => {
    const { db } = await pg.fresh();
    const { wire, a1, a2 } = await seed(db);
    await pgRankingRepo(db).save(
      [
        {
          sourceId: wire,
          sourceName: "",
          logoUrl: null,
          firstToCluster: 0,
          clusterFrequency: 0,
          speed: 0,
          topicalAuthority: 0,
          contentDiversity: 0,
          extractionSuccess: 0,
          neutrality: 0,
          sensationalism: 0,
          reliability: 0,
          overall: 0.8,
          tier: "tier_1",
          oneLiner: null,
          summary: null,
        },
      ],
      T,
      Buffer.from("{}"),
    );
    const e = await insertEntity(db, { name: "Lisbon", type: "location" });
    await db
      .insertInto("story_entities")
      .values({ story_id: 1, entity_id: e, mention_count: 3, first_seen: T })
      .execute();
    const dynamics = pgStoryDynamicsRepo(db);
    const [snap] = await dynamics.snapshots([1, 99]);
    expect(snap).toMatchObject({
      id: 1,
      headline: "Story 1",
      priority: "low",
      devState: null,
      lastDevelopmentAt: null,
      entities: [{ id: e, name: "Lisbon", mentions: 3 }],
      tickerNotices: [],
    });
    expect(snap!.members).toEqual([
      {
        articleId: a1,
        urlHash: expect.any(String),
        title: "One",
        time: T,
        sourceId: wire,
        sourceName: "Wire",
        duplicateOf: null,
        authority: 0.8,
        tickers: null,
      },
      expect.objectContaining({
        articleId: a2,
        time: T + 1,
        duplicateOf: a1,
        authority: undefined,
        tickers: [{ symbol: "EDP" }],
      }),
    ]);
  });

  it("applies updates, developments with their events, and tickers in one transaction", async () => {
    const { db } = await pg.fresh();
    await seed(db);
    const dynamics = pgStoryDynamicsRepo(db);
    const stories = pgStoryRepo(db);
    const v0 = await stories.version();
    await dynamics.apply({
      updates: [update(1, { priority: "high", velocity: 3, devState: { seen: 2 }, label: "Developing" })],
      developments: [
        {
          storyId: 1,
          development: {
            createdAtMs: T + 5,
            title: "Dam bursts",
            description: "d",
            significance: "major",
            previousHeadline: null,
            newHeadline: "Story 1",
            triggerArticleHashes: ["h"],
            enrichmentSeq: 1,
          },
          event: (developmentId) => ({
            ts: T + 5,
            type: "story.development",
            clusterId: 1,
            articleId: null,
            payload: (id) => ({ id, developmentId }),
          }),
        },
      ],
      events: [
        {
          ts: T,
          type: "clusters.ranked",
          clusterId: 0,
          articleId: null,
          payload: () => ({ data: [{ id: 1 }, { id: 2 }] }),
        },
      ],
      tickers: [{ storyId: 1, tickers: [ticker("EDP"), ticker("GALP", 0.4)], notified: ["EDP"], at: T + 6 }],
    });
    expect(await stories.version()).toBeGreaterThan(v0);
    const [snap] = await dynamics.snapshots([1]);
    expect(snap).toMatchObject({ priority: "high", velocity: 3, devState: { seen: 2 } });
    expect(snap!.tickerNotices!.sort((a, b) => a.symbol.localeCompare(b.symbol))).toEqual([
      { symbol: "EDP", notifiedAt: T + 6, sentiment: "bullish", impact: "high" },
      { symbol: "GALP", notifiedAt: null, sentiment: null, impact: null },
    ]);
    expect((await stories.get(1))?.tickers?.map((t) => t.symbol)).toEqual(["EDP", "GALP"]);
    const devs = await stories.developments(1);
    expect(devs).toHaveLength(1);
    const events = await db.selectFrom("events").selectAll().orderBy("id").execute();
    expect(events.map((e) => e.type)).toEqual(["story.development", "clusters.ranked"]);
    expect(JSON.parse(events[0]!.payload!)).toEqual({ id: events[0]!.id, developmentId: devs[0]!.id });
    expect(await dynamics.lastRanking()).toEqual({ ts: events[1]!.ts, ids: [1, 2] });

    // Tickers replaced: GALP goes, EDP keeps what was announced of it.
    await dynamics.apply({
      updates: [],
      developments: [],
      events: [],
      tickers: [{ storyId: 1, tickers: [ticker("EDP", 0.95)], notified: [], at: T + 7 }],
    });
    expect((await dynamics.snapshots([1]))[0]!.tickerNotices).toEqual([
      { symbol: "EDP", notifiedAt: T + 6, sentiment: "bullish", impact: "high" },
    ]);
    await dynamics.apply({
      updates: [],
      developments: [],
      events: [],
      tickers: [{ storyId: 1, tickers: [], notified: [], at: T + 8 }],
    });
    expect((await stories.get(1))?.tickers).toBeUndefined();
  });

  it("ranks by relevance decayed with age, lists elevated stories, and filters by tickers", async () => {
    const { db } = await pg.fresh();
    await seed(db);
    const dynamics = pgStoryDynamicsRepo(db);
    expect(await dynamics.lastRanking()).toBeNull();
    await dynamics.apply({
      updates: [
        update(1, { relevance: 1, priority: "medium" }),
        update(2, { relevance: 2 }),
        update(3, { relevance: 0.5, priority: "breaking" }),
      ],
      developments: [],
      events: [],
      tickers: [{ storyId: 3, tickers: [ticker("EDP")], notified: [], at: T }],
    });
    const now = T + RECENCY_TAU_MS;
    const ranked = await dynamics.ranked({ now, since: T, limit: 10 });
    expect(ranked.map((s) => s.id)).toEqual([2, 1, 3]);
    expect(ranked[0]!.overallScore).toBeCloseTo(2 * Math.exp(-(now - (T + 2)) / RECENCY_TAU_MS), 9);
    expect(ranked[1]).toMatchObject({
      priority: "medium",
      relevance: 1,
      firstSeenAt: T,
      sources: ["Post", "Wire"],
    });
    expect((await dynamics.ranked({ now, since: T + 2, limit: 10 })).map((s) => s.id)).toEqual([2, 3]);
    expect((await dynamics.ranked({ now, since: T, limit: 10, tickers: ["EDP"] })).map((s) => s.id)).toEqual([
      3,
    ]);
    // Far in the future every score underflows to 0: ties go to the highest id, with no error.
    const far = await dynamics.ranked({ now: T + 2000 * RECENCY_TAU_MS, since: 0, limit: 10 });
    expect(far.map((s) => [s.id, s.overallScore])).toEqual([
      [3, 0],
      [2, 0],
      [1, 0],
    ]);
    expect((await dynamics.elevated()).map((s) => [s.id, s.priority])).toEqual([
      [1, "medium"],
      [3, "breaking"],
    ]);
  });

  it("keeps developments and events exact when two pools apply at once", async () => {
    const { db, url } = await pg.fresh();
    await seed(db);
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          pgStoryDynamicsRepo(pools[i % 2]!.db).apply({
            // Both pools write the same three rows, in different orders: rows are locked in id order first.
            updates: (i % 2 ? [3, 2, 1] : [1, 2, 3]).map((id) => update(id, { velocity: i })),
            developments: [
              {
                storyId: 1 + (i % 3),
                development: {
                  createdAtMs: T + i,
                  title: `d${i}`,
                  description: "",
                  significance: "minor",
                  previousHeadline: null,
                  newHeadline: null,
                  triggerArticleHashes: [],
                  enrichmentSeq: i,
                },
                event: (developmentId) => ({
                  ts: T,
                  type: "story.development",
                  clusterId: 1 + (i % 3),
                  articleId: null,
                  payload: (id) => ({ id, developmentId }),
                }),
              },
            ],
            events: [],
          }),
        ),
      );
      const devs = await db.selectFrom("developments").select(["id", "enrichment_seq"]).execute();
      expect(devs).toHaveLength(24);
      const events = await db.selectFrom("events").selectAll().execute();
      expect(events).toHaveLength(24);
      expect(
        new Set(events.map((e) => (JSON.parse(e.payload!) as { developmentId: number }).developmentId)),
      ).toEqual(new Set(devs.map((d) => d.id)));
      // The three rows carry one apply's velocity, the same on all of them.
      const velocities = await db.selectFrom("stories").select("velocity").execute();
      expect(new Set(velocities.map((v) => v.velocity)).size).toBe(1);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
