import { buildStorySummaries, type SummaryMember } from "../../stories/summaries";
import type { Db } from "../open-db";

// What a story list shows of a story, kept on its row (migration 008). Each statement recomputes one part for the
// stories its WHERE picks, from the members; `stories.id` is the row being written.

/** Source names, most articles first, at most 20. */
export const SOURCES_JSON = `(SELECT json_group_array(name) FROM (
  SELECT s.name FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.story_id = stories.id
  GROUP BY s.id ORDER BY COUNT(*) DESC, s.name LIMIT 20))`;

/** Distinct sources of all members: the count every view shows (migration 018). */
export const SOURCE_TOTAL = `(SELECT COUNT(DISTINCT source_id) FROM articles WHERE story_id = stories.id)`;

/**
 * Members a summary reads (lib/stories/summaries.ts), syndicated copies included (their repeated sentences are
 * dropped as near repeats): most authoritative source first, newest first within a tie; enough of them to find
 * three sentences that are not repeats.
 */
const SUMMARY_MEMBERS = `SELECT a.title, a.excerpt, s.name AS sourceName, r.overall_score AS authority,
    CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END AS time
  FROM articles a JOIN sources s ON s.id = a.source_id LEFT JOIN source_rankings r ON r.source_id = a.source_id
  WHERE a.story_id = ?
  ORDER BY COALESCE(r.overall_score, 0.5) DESC, time DESC LIMIT 60`;

/** The newest member image. */
export const MEMBER_IMAGE = `(SELECT image_url FROM articles
  WHERE story_id = stories.id AND image_url IS NOT NULL ORDER BY published_at DESC LIMIT 1)`;

/** The 10 entities most mentioned in the members, as `{name, type}`. */
export const TOP_ENTITIES_JSON = `(SELECT json_group_array(json_object('name', name, 'type', type)) FROM (
  SELECT e.name, e.type FROM story_entities se JOIN entities e ON e.id = se.entity_id
  WHERE se.story_id = stories.id ORDER BY se.mention_count DESC, e.id LIMIT 10))`;

/** Writers of the listing columns, for one story id each; run inside the transaction that changed the story. */
export function storyListingWriters(db: Db) {
  const members = db.prepare(
    `UPDATE stories SET sources_json = ${SOURCES_JSON}, source_total = ${SOURCE_TOTAL},
       member_image_url = ${MEMBER_IMAGE} WHERE id = ?`,
  );
  const entities = db.prepare(`UPDATE stories SET top_entities_json = ${TOP_ENTITIES_JSON} WHERE id = ?`);
  const summaries = storySummaryWriter(db);
  return {
    /** After its memberships changed: sources, source count, image and summaries. */
    members: (storyId: number) => {
      members.run(storyId);
      summaries(storyId);
    },
    /** After its story_entities rows were rewritten: top entities, and the rich summary's who and where. */
    entities: (storyId: number) => {
      entities.run(storyId);
      summaries(storyId);
    },
  };
}

/** Rewrites a story's `summary` and `rich_summary` from its members' ledes (lib/stories/summaries.ts). */
export function storySummaryWriter(db: Db): (storyId: number) => void {
  const story = db.prepare(
    `SELECT headline, article_count, first_seen, last_updated, sources_json, top_entities_json, source_total
     FROM stories WHERE id = ? AND merged_into IS NULL`,
  );
  const members = db.prepare(SUMMARY_MEMBERS);
  const write = db.prepare("UPDATE stories SET summary = ?, rich_summary = ? WHERE id = ?");
  return (storyId) => {
    const s = story.get(storyId) as
      | {
          headline: string;
          article_count: number;
          first_seen: number;
          last_updated: number;
          sources_json: string | null;
          top_entities_json: string | null;
          source_total: number | null;
        }
      | undefined;
    if (!s || s.sources_json == null) return;
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
      members.all(storyId) as SummaryMember[],
    );
    write.run(summary, richSummary, storyId);
  };
}
