import type { Db } from "../open-db";

// What a story list shows of a story, kept on its row (migration 008). Each statement recomputes one part for the
// stories its WHERE picks, from the members; `stories.id` is the row being written.

/** Source names, most articles first, at most 20. */
export const SOURCES_JSON = `(SELECT json_group_array(name) FROM (
  SELECT s.name FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.story_id = stories.id
  GROUP BY s.id ORDER BY COUNT(*) DESC, s.name LIMIT 20))`;

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
    `UPDATE stories SET sources_json = ${SOURCES_JSON}, member_image_url = ${MEMBER_IMAGE} WHERE id = ?`,
  );
  const entities = db.prepare(`UPDATE stories SET top_entities_json = ${TOP_ENTITIES_JSON} WHERE id = ?`);
  return {
    /** After its memberships changed: sources and image. */
    members: (storyId: number) => void members.run(storyId),
    /** After its story_entities rows were rewritten. */
    entities: (storyId: number) => void entities.run(storyId),
  };
}

/** The story-version counter (migration 008): moves on every write to a story row, in any process. */
export function storyVersionReader(db: Db): () => number {
  const read = db.prepare("SELECT next FROM sequences WHERE name = 'story_version'").pluck();
  return () => (read.get() as number | undefined) ?? 0;
}
