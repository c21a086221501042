import { sql } from "kysely";

import type { TopicRepo } from "../store";
import type { PgDb } from "./connect";
import { toStoryRecords, type StoryRow } from "./story-rows";

/** Key of the transaction-level advisory lock `save` holds: two saves at once apply one after the other. */
export const TOPIC_SAVE_LOCK = 0x1ede_0032;

export function pgTopicRepo(db: PgDb): TopicRepo {
  return {
    async inputs(since) {
      const stories = await db
        .selectFrom("stories")
        .select([
          "id",
          "headline",
          "category",
          "article_count as articleCount",
          "first_seen as firstSeen",
          "last_updated as lastUpdated",
        ])
        .where("merged_into", "is", null)
        .where("last_updated", ">=", since)
        .where("article_count", ">", 0)
        .orderBy("id")
        .execute();
      if (stories.length === 0) return [];
      const ids = stories.map((s) => s.id);
      // Per story: its first 50 titles by id and its 10 most mentioned entities, in one query each.
      const { rows: titles } = await sql<{ story_id: number; title: string }>`
        SELECT x.story_id, x.title FROM unnest(${ids}::bigint[]) AS st(id)
        CROSS JOIN LATERAL (SELECT story_id, title, id FROM articles WHERE story_id = st.id ORDER BY id LIMIT 50) x
        ORDER BY x.story_id, x.id`.execute(db);
      const { rows: entities } = await sql<{ story_id: number; entity_id: number }>`
        SELECT x.story_id, x.entity_id FROM unnest(${ids}::bigint[]) AS st(id)
        CROSS JOIN LATERAL (SELECT story_id, entity_id, mention_count FROM story_entities WHERE story_id = st.id
          ORDER BY mention_count DESC, entity_id LIMIT 10) x
        ORDER BY x.story_id, x.mention_count DESC, x.entity_id`.execute(db);
      const group = <T>(rows: Array<{ story_id: number }>, pick: (r: never) => T) => {
        const m = new Map<number, T[]>();
        for (const r of rows) {
          let list = m.get(r.story_id);
          if (!list) m.set(r.story_id, (list = []));
          list.push(pick(r as never));
        }
        return m;
      };
      const titlesOf = group(titles, (r: { title: string }) => r.title);
      const entitiesOf = group(entities, (r: { entity_id: number }) => r.entity_id);
      return stories.map((s) => ({
        ...s,
        titles: titlesOf.get(s.id) ?? [],
        entityIds: entitiesOf.get(s.id) ?? [],
      }));
    },

    async current() {
      const topics = await db
        .selectFrom("topics")
        .select(["id", "headline", "category"])
        .orderBy("id")
        .execute();
      const members = await db
        .selectFrom("stories")
        .select(["id", "topic_id"])
        .where("topic_id", "is not", null)
        .orderBy("id")
        .execute();
      const of = new Map<number, number[]>();
      for (const m of members) {
        let list = of.get(m.topic_id!);
        if (!list) of.set(m.topic_id!, (list = []));
        list.push(m.id);
      }
      return topics.map((t) => ({ ...t, storyIds: of.get(t.id) ?? [] }));
    },

    async save(topics, at) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${TOPIC_SAVE_LOCK})`.execute(trx);
        // Every story row this touches is locked first, in id order (see lockStories in story-read-model.ts).
        const pointed = topics.flatMap((t) => t.storyIds);
        await sql`SELECT id FROM stories WHERE topic_id IS NOT NULL OR id = ANY(${pointed}::bigint[])
          ORDER BY id FOR UPDATE`.execute(trx);
        await trx.updateTable("stories").set({ topic_id: null }).where("topic_id", "is not", null).execute();
        for (const t of topics) {
          await trx
            .insertInto("topics")
            .values({ id: t.id, headline: t.headline, category: t.category, updated_at: at })
            .onConflict((oc) =>
              oc.column("id").doUpdateSet({ headline: t.headline, category: t.category, updated_at: at }),
            )
            .execute();
          if (t.storyIds.length)
            await trx.updateTable("stories").set({ topic_id: t.id }).where("id", "in", t.storyIds).execute();
        }
        const keep = topics.map((t) => t.id);
        await trx
          .deleteFrom("topics")
          .$if(keep.length > 0, (q) => q.where("id", "not in", keep))
          .execute();
      });
    },

    async nextId() {
      const r = await db
        .selectFrom("topics")
        .select(sql<number>`COALESCE(MAX(id), 0) + 1`.as("next"))
        .executeTakeFirstOrThrow();
      return Number(r.next);
    },

    async list({ limit, topicId, perTopic }) {
      const topics = await db
        .selectFrom("topics as t")
        .innerJoin("stories as s", "s.topic_id", "t.id")
        .select(["t.id", "t.headline", "t.category"])
        .$if(topicId !== undefined, (q) => q.where("t.id", "=", topicId!))
        .where("s.merged_into", "is", null)
        .groupBy("t.id")
        .orderBy(sql`COUNT(s.id)`, "desc")
        .orderBy(sql`MAX(s.last_updated)`, "desc")
        .orderBy("t.id")
        .limit(limit)
        .execute();
      const out = [];
      for (const t of topics) {
        const rows: StoryRow[] = await db
          .selectFrom("stories")
          .selectAll()
          .where("topic_id", "=", t.id)
          .where("merged_into", "is", null)
          .orderBy("last_updated", "desc")
          .orderBy("id", "desc")
          .limit(perTopic)
          .execute();
        out.push({ ...t, stories: await toStoryRecords(db, rows) });
      }
      return out;
    },
  };
}
