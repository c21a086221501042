import type { Db } from "../open-db";

/**
 * A version counter of the `sequences` table: `story_version` (migration 008), `article_version` and
 * `entity_version` (migration 022) move on every write to a row of their table, in any process sharing the file;
 * `event_history_version` (migration 023) when the past of the event log changes.
 */
export function versionReader(
  db: Db,
  name: "story_version" | "article_version" | "entity_version" | "event_history_version",
): () => number {
  const read = db.prepare("SELECT next FROM sequences WHERE name = ?").pluck();
  return () => (read.get(name) as number | undefined) ?? 0;
}
