import { sql, type Kysely } from "kysely";

import { buildStorySummaries, type SummaryMember } from "../../stories/summaries";
import type { Database } from "./schema";

// What a story list shows of a story, kept on its row (SQLite migration 008, lib/db/sqlite/story-read-model.ts).
// Names sort byte-wise (COLLATE "C"), as SQLite's BINARY does.

type Db = Kysely<Database>;

/**
 * Locks the stories' rows (ascending ids) for the rest of the transaction. Every transaction that writes stories
 * takes its rows this way before its first write: the listing columns are then computed from members no other
 * writer is changing, and the order (rows, then the `story_version` counter that the write's trigger takes) is the
 * same in every writer, so two writers never wait on each other in a cycle.
 */
export async function lockStories(trx: Db, ids: Iterable<number>): Promise<void> {
  const list = [...new Set(ids)].sort((a, b) => a - b);
  if (list.length === 0) return;
  await trx.selectFrom("stories").select("id").where("id", "in", list).orderBy("id").forUpdate().execute();
}

/** Recomputes sources, source count and image after the story's memberships changed, then its summaries. */
export async function writeStoryMembers(trx: Db, storyId: number): Promise<void> {
  await sql`UPDATE stories SET
      sources_json = (SELECT COALESCE(json_agg(x.name ORDER BY x.n DESC, x.name COLLATE "C"), '[]'::json)::text FROM (
        SELECT s.name, COUNT(*) AS n FROM articles a JOIN sources s ON s.id = a.source_id
        WHERE a.story_id = ${storyId} GROUP BY s.id, s.name ORDER BY COUNT(*) DESC, s.name COLLATE "C" LIMIT 20) x),
      source_total = (SELECT COUNT(DISTINCT source_id) FROM articles WHERE story_id = ${storyId}),
      member_image_url = (SELECT image_url FROM articles WHERE story_id = ${storyId} AND image_url IS NOT NULL
        ORDER BY published_at DESC LIMIT 1)
    WHERE id = ${storyId}`.execute(trx);
  await writeStorySummaries(trx, storyId);
}

/** Recomputes the top entities after the story's story_entities rows were rewritten, then its summaries. */
export async function writeStoryEntities(trx: Db, storyId: number): Promise<void> {
  await sql`UPDATE stories SET top_entities_json = (
      SELECT COALESCE(json_agg(json_build_object('name', x.name, 'type', x.type) ORDER BY x.mention_count DESC, x.id),
        '[]'::json)::text
      FROM (SELECT e.name, e.type, se.mention_count, e.id FROM story_entities se JOIN entities e ON e.id = se.entity_id
        WHERE se.story_id = ${storyId} ORDER BY se.mention_count DESC, e.id LIMIT 10) x)
    WHERE id = ${storyId}`.execute(trx);
  await writeStorySummaries(trx, storyId);
}

/** Rewrites a story's `summary` and `rich_summary` from its members' ledes (lib/stories/summaries.ts). */
export async function writeStorySummaries(trx: Db, storyId: number): Promise<void> {
  const s = await trx
    .selectFrom("stories")
    .select([
      "headline",
      "article_count",
      "first_seen",
      "last_updated",
      "sources_json",
      "top_entities_json",
      "source_total",
    ])
    .where("id", "=", storyId)
    .where("merged_into", "is", null)
    .executeTakeFirst();
  if (!s || s.sources_json == null) return;
  // The members a summary reads: most authoritative source first, newest first within a tie, at most 60.
  const { rows: members } = await sql<SummaryMember>`
    SELECT a.title, a.excerpt, s.name AS "sourceName", r.overall_score AS authority,
      CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END AS "time"
    FROM articles a JOIN sources s ON s.id = a.source_id LEFT JOIN source_rankings r ON r.source_id = a.source_id
    WHERE a.story_id = ${storyId}
    ORDER BY COALESCE(r.overall_score, 0.5) DESC, "time" DESC LIMIT 60`.execute(trx);
  const sources = JSON.parse(s.sources_json) as string[];
  const { summary, richSummary } = buildStorySummaries(
    {
      headline: s.headline,
      articleCount: s.article_count,
      sourceCount: s.source_total ?? sources.length,
      sources,
      firstSeen: s.first_seen,
      lastUpdated: s.last_updated,
      entities: s.top_entities_json
        ? (JSON.parse(s.top_entities_json) as Array<{ name: string; type: string }>)
        : [],
    },
    members,
  );
  await trx
    .updateTable("stories")
    .set({ summary, rich_summary: richSummary })
    .where("id", "=", storyId)
    .execute();
}

/** Recomputes the story's image after a member's image changed (content extraction found one). */
export async function writeStoryImage(trx: Db, storyId: number): Promise<void> {
  await sql`UPDATE stories SET member_image_url = (SELECT image_url FROM articles
      WHERE story_id = ${storyId} AND image_url IS NOT NULL ORDER BY published_at DESC LIMIT 1)
    WHERE id = ${storyId}`.execute(trx);
}
