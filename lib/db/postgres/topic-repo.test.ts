import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { ClusteringBatch } from "../store";
import { openPostgres, type PgDb } from "./connect";
import { insertArticle, insertEntity, insertSource } from "./story-fixtures";
import { pgStoryRepo } from "./story-repo";
import { pgTopicRepo } from "./topic-repo";

const pg = postgresForTests();
const T = Date.UTC(2026, 0, 5, 12);

async function seed(db: PgDb) {
  const src = await insertSource(db, "wire", "Wire");
  const stories = pgStoryRepo(db);
  const b: ClusteringBatch = { stories: [], memberships: [], assignments: [], merges: [], events: [] };
  for (let id = 1; id <= 5; id++) {
    b.stories.push({
      id,
      headline: `Story ${id}`,
      category: id === 5 ? "sports" : "world",
      articleCount: id,
      firstSeen: T,
      lastUpdated: T + id,
    });
    for (let k = 0; k < id; k++) {
      const a = await insertArticle(db, { sourceId: src, title: `S${id} a${k}`, discoveredAt: T + k });
      b.memberships.push({ articleId: a, storyId: id });
    }
  }
  await stories.apply(b);
}

describe("PostgreSQL TopicRepo", () => {
  it("reads its inputs, saves topics, and lists them biggest first with their latest stories", async () => {
    const { db } = await pg.fresh();
    await seed(db);
    const topics = pgTopicRepo(db);
    // Story 4 has no members counted (article_count 0 is left out), story 1 is too old.
    await db.updateTable("stories").set({ article_count: 0 }).where("id", "=", 4).execute();
    const e1 = await insertEntity(db, { name: "Lisbon", type: "location" });
    const e2 = await insertEntity(db, { name: "EDP", type: "org" });
    await db
      .insertInto("story_entities")
      .values([
        { story_id: 2, entity_id: e1, mention_count: 1, first_seen: T },
        { story_id: 2, entity_id: e2, mention_count: 4, first_seen: T },
      ])
      .execute();
    const inputs = await topics.inputs(T + 2);
    expect(inputs.map((s) => s.id)).toEqual([2, 3, 5]);
    expect(inputs[0]).toEqual({
      id: 2,
      headline: "Story 2",
      category: "world",
      articleCount: 2,
      firstSeen: T,
      lastUpdated: T + 2,
      titles: ["S2 a0", "S2 a1"],
      entityIds: [e2, e1],
    });
    expect(inputs[1]!.entityIds).toEqual([]);

    expect(await topics.nextId()).toBe(1);
    await topics.save(
      [
        { id: 1, headline: "Iberia", category: "world", storyIds: [2, 3] },
        { id: 2, headline: "Sport", category: "sports", storyIds: [5] },
        { id: 3, headline: "Gone soon", category: "world", storyIds: [1] },
      ],
      T + 10,
    );
    expect(await topics.nextId()).toBe(4);
    await topics.save(
      [
        { id: 1, headline: "Iberia floods", category: "world", storyIds: [2, 3, 4] },
        { id: 2, headline: "Sport", category: "sports", storyIds: [5] },
      ],
      T + 20,
    );
    expect(await topics.current()).toEqual([
      { id: 1, headline: "Iberia floods", category: "world", storyIds: [2, 3, 4] },
      { id: 2, headline: "Sport", category: "sports", storyIds: [5] },
    ]);
    expect(
      await db.selectFrom("stories").select("id").where("topic_id", "is not", null).execute(),
    ).toHaveLength(4);
    const listed = await topics.list({ limit: 10, perTopic: 2 });
    expect(listed.map((t) => [t.id, t.stories.map((s) => s.id)])).toEqual([
      [1, [4, 3]],
      [2, [5]],
    ]);
    expect(listed[0]!.stories[0]).toMatchObject({ headline: "Story 4", sources: ["Wire"] });
    expect((await topics.list({ limit: 10, perTopic: 5, topicId: 2 })).map((t) => t.id)).toEqual([2]);
    // A merged-away story is not listed, and a topic of merged stories only is left out.
    await db.updateTable("stories").set({ merged_into: 3 }).where("id", "=", 4).execute();
    await db.updateTable("stories").set({ merged_into: 3 }).where("id", "=", 5).execute();
    expect(
      (await topics.list({ limit: 10, perTopic: 5 })).map((t) => [t.id, t.stories.map((s) => s.id)]),
    ).toEqual([[1, [3, 2]]]);
    await topics.save([], T + 30);
    expect(await topics.current()).toEqual([]);
  });

  it("saves from two pools at once one after the other: every story points at one saved topic set", async () => {
    const { db, url } = await pg.fresh();
    await seed(db);
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          pgTopicRepo(pools[i % 2]!.db).save(
            [
              { id: 10 + i, headline: `T${i}`, category: "world", storyIds: [1, 2, 3] },
              { id: 100 + i, headline: `U${i}`, category: "world", storyIds: [4, 5] },
            ],
            T + i,
          ),
        ),
      );
      const current = await pgTopicRepo(db).current();
      expect(current).toHaveLength(2);
      const [t, u] = [current[0]!, current[1]!];
      expect(u.id - t.id).toBe(90);
      expect(t.storyIds).toEqual([1, 2, 3]);
      expect(u.storyIds).toEqual([4, 5]);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
