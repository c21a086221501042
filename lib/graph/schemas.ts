import { z } from "zod";

import { qIntDefault, qIntRequired } from "../validation/query";

/** GET /v1/graph/entity-network (contract §7.5). */
export const EntityNetworkQuery = z.object({
  entity_id: qIntRequired(),
  depth: qIntDefault(2, { min: 1, max: 3 }),
  limit: qIntDefault(50, { min: 1, max: 200 }),
});
export type EntityNetworkQuery = z.output<typeof EntityNetworkQuery>;

/** GET /v1/graph/story-entity (contract §7.5). */
export const StoryEntityQuery = z.object({
  story_id: qIntRequired(),
  limit: qIntDefault(20, { min: 1, max: 100 }),
});
export type StoryEntityQuery = z.output<typeof StoryEntityQuery>;
