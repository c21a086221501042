import { z } from "zod";

import { Count, ENTITY_TYPE, Id, Ms, RELATIONSHIP_TYPE, Slug, Unit } from "./common";
import { StorySummary } from "./story";

/** Entity (contract §6.5). */
export const Entity = z.strictObject({
  id: Id,
  name: z.string(),
  type: z.enum(ENTITY_TYPE),
  subcategory: z
    .string()
    .nullable()
    .describe("an open set of values, e.g. politician, company, country; null when it has none"),
  slug: Slug,
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  wikidata_id: z
    .string()
    .regex(/^Q\d+$/)
    .nullable(),
  wikipedia_url: z.string().nullable(),
  article_count: Count,
  aliases: z.array(z.string()),
  enriched: z.boolean(),
});

export const EntityPage = z.strictObject({
  entities: z.array(Entity),
  total: Count,
  offset: Count,
  limit: z.number().int().min(1),
});

/** GET /v1/entities/trending: Entity plus the trending extras (contract §7.4). */
export const TrendingEntity = z.strictObject({
  ...Entity.shape,
  trending_score: z.number(),
  recent_article_count: Count,
});

export const TrendingEntitiesResponse = z.strictObject({
  entities: z.array(TrendingEntity),
  count: Count,
  since_ms: Ms,
});

/** Graph node (contract §6.6). */
export const GraphNode = z.strictObject({ id: Id, name: z.string(), type: z.enum(ENTITY_TYPE), slug: Slug });

/** Entity relationship edge (contract §6.6). */
export const EntityRelationshipEdge = z.strictObject({
  id: Id,
  source_entity_id: Id,
  target_entity_id: Id,
  relationship_type: z.enum(RELATIONSHIP_TYPE),
  confidence: Unit,
  article_count: Count,
  source_entity: GraphNode,
  target_entity: GraphNode,
});

export const EntityNetworkResponse = z.strictObject({
  nodes: z.array(GraphNode),
  edges: z.array(EntityRelationshipEdge),
});

/** Story-entity edge (contract §6.6). */
export const StoryEntityEdge = z.strictObject({ story_id: Id, entity_id: Id, mention_count: Count });

export const StoryEntityResponse = z.strictObject({
  story: StorySummary,
  entities: z.array(Entity),
  edges: z.array(StoryEntityEdge),
});

/** Topic cluster (contract §6.6). */
export const TopicCluster = z.strictObject({
  id: Id,
  headline: z.string(),
  category: z.string(),
  event_clusters: z.array(StorySummary).max(50),
});

export const TopicClusterResponse = z.strictObject({ topics: z.array(TopicCluster), count: Count });
