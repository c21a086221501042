import type { Store } from "../db/store";
import { toApiEntity } from "../entities/queries/serialize";
import { getStoryOrThrow } from "../stories/get-stories";
import { toStorySummary } from "../stories/serialize";
import type { StoryEntityQuery } from "./schemas";

/**
 * GET /v1/graph/story-entity: the story (summary shape), its `limit` most-mentioned entities and one edge per
 * entity, both by `mention_count` descending (ties by entity id descending). Unknown and merged-away stories are 404.
 */
export async function storyEntityGraph(store: Store, q: StoryEntityQuery) {
  const story = await getStoryOrThrow(store, String(q.story_id));
  const rows = await store.entities.storyEntities(story.id, q.limit);
  return {
    story: toStorySummary(story),
    entities: rows.map((r) => toApiEntity(r.entity)),
    edges: rows.map((r) => ({ story_id: story.id, entity_id: r.entity.id, mention_count: r.mentionCount })),
  };
}
