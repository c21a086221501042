import type { Db } from "../open-db";
import type { TopicRepo } from "../store";
import { storyRecordReader, type StoryRow } from "./story-repo";

export function sqliteTopicRepo(db: Db): TopicRepo {
  const toRecord = storyRecordReader(db);
  const upsert = db.prepare(
    `INSERT INTO topics (id, headline, category, updated_at) VALUES (@id, @headline, @category, @at)
     ON CONFLICT(id) DO UPDATE SET headline = excluded.headline, category = excluded.category, updated_at = excluded.updated_at`,
  );
  const saveTx = db.transaction((topics: Parameters<TopicRepo["save"]>[0], at: number) => {
    db.prepare("UPDATE stories SET topic_id = NULL WHERE topic_id IS NOT NULL").run();
    const point = db.prepare("UPDATE stories SET topic_id = ? WHERE id = ?");
    for (const t of topics) {
      upsert.run({ ...t, at });
      for (const id of t.storyIds) point.run(t.id, id);
    }
    db.prepare("DELETE FROM topics WHERE id NOT IN (SELECT value FROM json_each(?))").run(
      JSON.stringify(topics.map((t) => t.id)),
    );
  });
  return {
    async inputs(since) {
      const stories = db
        .prepare(
          `SELECT id, headline, category, article_count AS articleCount, first_seen AS firstSeen,
             last_updated AS lastUpdated
           FROM stories WHERE merged_into IS NULL AND last_updated >= ? AND article_count > 0 ORDER BY id`,
        )
        .all(since) as Array<{
        id: number;
        headline: string;
        category: string;
        articleCount: number;
        firstSeen: number;
        lastUpdated: number;
      }>;
      const titles = db.prepare("SELECT title FROM articles WHERE story_id = ? ORDER BY id LIMIT 50").pluck();
      const entities = db
        .prepare(
          "SELECT entity_id FROM story_entities WHERE story_id = ? ORDER BY mention_count DESC LIMIT 10",
        )
        .pluck();
      return stories.map((s) => ({
        ...s,
        titles: titles.all(s.id) as string[],
        entityIds: entities.all(s.id) as number[],
      }));
    },
    async current() {
      const topics = db.prepare("SELECT id, headline, category FROM topics ORDER BY id").all() as Array<{
        id: number;
        headline: string;
        category: string;
      }>;
      const members = db.prepare("SELECT id FROM stories WHERE topic_id = ? ORDER BY id").pluck();
      return topics.map((t) => ({ ...t, storyIds: members.all(t.id) as number[] }));
    },
    async save(topics, at) {
      saveTx.immediate(topics, at);
    },
    async nextId() {
      return (db.prepare("SELECT COALESCE(MAX(id), 0) + 1 FROM topics").pluck().get() as number) ?? 1;
    },
    async list({ limit, topicId, perTopic }) {
      const topics = db
        .prepare(
          `SELECT t.id, t.headline, t.category, COUNT(s.id) AS n FROM topics t JOIN stories s ON s.topic_id = t.id
           WHERE (@topicId IS NULL OR t.id = @topicId) AND s.merged_into IS NULL
           GROUP BY t.id ORDER BY n DESC, MAX(s.last_updated) DESC, t.id LIMIT @limit`,
        )
        .all({ topicId: topicId ?? null, limit }) as Array<{
        id: number;
        headline: string;
        category: string;
      }>;
      const stories = db.prepare(
        `SELECT * FROM stories WHERE topic_id = ? AND merged_into IS NULL ORDER BY last_updated DESC, id DESC LIMIT ?`,
      );
      return topics.map((t) => ({
        id: t.id,
        headline: t.headline,
        category: t.category,
        stories: (stories.all(t.id, perTopic) as StoryRow[]).map(toRecord),
      }));
    },
  };
}
