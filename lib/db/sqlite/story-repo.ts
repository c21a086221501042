import { idSlug } from "../../text/kebab";
import type { Db } from "../open-db";
import type { ClusteringBatch, LiveStory, StoryRepo } from "../store";
import { appendEvent } from "./event-repo";

export function sqliteStoryRepo(db: Db): StoryRepo {
  const upsert =
    db.prepare(`INSERT INTO stories (id, slug, headline, category, article_count, first_seen, last_updated)
    VALUES (@id, @slug, @headline, @category, @articleCount, @firstSeen, @lastUpdated)
    ON CONFLICT(id) DO UPDATE SET slug = excluded.slug, headline = excluded.headline, category = excluded.category,
      article_count = excluded.article_count, first_seen = excluded.first_seen, last_updated = excluded.last_updated`);
  const headlineChanged = db.prepare("SELECT headline FROM stories WHERE id = ?").pluck();
  const addHeadline = db.prepare(
    "INSERT INTO story_headlines (story_id, headline, changed_at) VALUES (?, ?, ?)",
  );
  const member = db.prepare("UPDATE articles SET story_id = ? WHERE id = ?");
  const assign =
    db.prepare(`INSERT INTO story_assignments (article_id, story_id, assigned_at, reasons) VALUES (?, ?, ?, ?)
    ON CONFLICT(article_id) DO UPDATE SET story_id = excluded.story_id, assigned_at = excluded.assigned_at, reasons = excluded.reasons`);
  const mergedInto = db.prepare("UPDATE stories SET merged_into = ? WHERE id = ?");
  const repoint = db.prepare("UPDATE merged_stories SET into_id = ? WHERE into_id = ?");
  const recordMerge = db.prepare(
    "INSERT OR REPLACE INTO merged_stories (old_id, into_id, merged_at) VALUES (?, ?, ?)",
  );
  const moveMembers = db.prepare("UPDATE articles SET story_id = ? WHERE story_id = ?");

  const applyTx = db.transaction((b: ClusteringBatch) => {
    for (const s of b.stories) {
      const before = headlineChanged.get(s.id) as string | undefined;
      upsert.run({ ...s, slug: idSlug(s.headline, s.id) });
      if (before !== s.headline) addHeadline.run(s.id, s.headline, s.lastUpdated);
    }
    // Memberships first: a merge later in the batch then moves the new arrivals along with the rest.
    for (const m of b.memberships) member.run(m.storyId, m.articleId);
    for (const a of b.assignments) assign.run(a.articleId, a.storyId, a.at, JSON.stringify(a.reasons));
    for (const m of b.merges) {
      mergedInto.run(m.intoId, m.goneId);
      recordMerge.run(m.goneId, m.intoId, m.at);
      repoint.run(m.intoId, m.goneId);
      moveMembers.run(m.intoId, m.goneId);
    }
    for (const e of b.events) appendEvent(db, e);
  });

  const reserveTx = db.transaction((n: number) => {
    const first = db.prepare("SELECT next FROM sequences WHERE name = 'story'").pluck().get() as number;
    db.prepare("UPDATE sequences SET next = next + ? WHERE name = 'story'").run(n);
    return first;
  });

  return {
    async apply(batch) {
      applyTx.immediate(batch);
    },
    async reserveIds(n) {
      return reserveTx.immediate(n);
    },
    async live(since) {
      const stories = db
        .prepare(
          "SELECT id, headline, category FROM stories WHERE merged_into IS NULL AND last_updated >= ? ORDER BY id",
        )
        .all(since) as Array<{ id: number; headline: string; category: string }>;
      const members = db.prepare(
        `SELECT id AS articleId, title, category, CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END AS time
         FROM articles WHERE story_id = ? ORDER BY time, id`,
      );
      return stories.map((s): LiveStory => ({ ...s, members: members.all(s.id) as LiveStory["members"] }));
    },
    async *titles() {
      for (const row of db.prepare("SELECT title FROM articles ORDER BY id").iterate())
        yield row as { title: string };
    },
    async unassigned() {
      return db
        .prepare(
          `SELECT id, title, category, url_hash AS urlHash,
             CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END AS time
           FROM articles WHERE story_id IS NULL ORDER BY time, id`,
        )
        .all() as Array<{ id: number; title: string; category: string; time: number; urlHash: string }>;
    },
    async latestArticleTime() {
      const r = db
        .prepare(
          "SELECT MAX(CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END) AS t FROM articles",
        )
        .get() as { t: number | null };
      return r.t ?? 0;
    },
  };
}
