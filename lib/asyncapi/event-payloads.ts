import { z } from "zod";

import { Article } from "../openapi/schemas/article";
import {
  Category,
  Count,
  DEVELOPMENT_SIGNIFICANCE,
  EMBEDDING_DIMENSIONS,
  Id,
  Ms,
  Unit,
  UrlHash,
} from "../openapi/schemas/common";
import { StorySummary } from "../openapi/schemas/story";
import { ScoredTicker } from "../openapi/schemas/ticker";

// The `data` of each realtime event (contract §9). REST shapes are reused where §9 says "the fields of §6.x", so a
// change there shows up here too.

export const STORY_PRIORITY = ["low", "medium", "high", "breaking"] as const;

/** Realtime item (contract §9.1): the REST Article with `source_id` as a decimal string and three extras. */
export const RealtimeItem = Article.omit({ embedding: true, embedding_model: true })
  .extend({
    source_id: z.string().regex(/^\d+$/).describe("the decimal source id (a string, unlike REST)"),
    slug: z.string().nullable(),
    content_status: Article.shape.content_status.nullable(),
    source_language: z.string().nullable().describe("ISO 639-1 code"),
    placeholder_image_url: z.string().nullable(),
    video_url: z.string().nullable(),
  })
  .describe("An article as the realtime feed sends it");

/** story.development (contract §9.2). */
export const StoryDevelopmentData = z.strictObject({
  cluster_id: Id,
  title: z.string(),
  description: z.string(),
  significance: z.enum(DEVELOPMENT_SIGNIFICANCE),
  headline: z.string().nullable(),
  category: Category.nullable(),
  previous_headline: z.string().nullable(),
  new_headline: z.string().nullable(),
  created_at_ms: Ms,
  enrichment_seq: z.number().int().min(1),
  id: Id.describe("the Development id"),
  trigger_article_hashes: z.array(UrlHash),
});

/** story.priority_changed (contract §9.3). */
export const PriorityChangedData = z.strictObject({
  cluster_id: Id,
  headline: z.string(),
  category: Category,
  previous_priority: z.enum(STORY_PRIORITY),
  new_priority: z.enum(STORY_PRIORITY),
  overall_score: Unit.nullable(),
  acceleration_score: z.number().nullable().describe("rate of change of velocity, unbounded"),
});

/** cluster.event (contract §9.4): the shape of `detail` follows `action`. */
export const ClusterEventData = z.discriminatedUnion("action", [
  z.strictObject({
    action: z.literal("create"),
    cluster_id: Id.describe("the new story"),
    detail: z.strictObject({ headline: z.string(), category: Category, article_count: Count }).optional(),
  }),
  z.strictObject({
    action: z.literal("merge"),
    cluster_id: Id.describe("the surviving story; the merged ids stop resolving"),
    detail: z.strictObject({ merged_cluster_ids: z.array(Id), article_count: Count }).optional(),
  }),
  z.strictObject({
    action: z.literal("split"),
    cluster_id: Id.describe("the original story"),
    detail: z.strictObject({ new_cluster_ids: z.array(Id), article_count: Count }).optional(),
  }),
  z.strictObject({
    action: z.literal("split_created"),
    cluster_id: Id.describe("a story produced by a split"),
    detail: z.strictObject({ parent_cluster_id: Id, headline: z.string(), article_count: Count }).optional(),
  }),
]);

/** One element of clusters.ranked (contract §9.5): a story summary with its rank and overall score. */
export const RankedStory = StorySummary.omit({ embedding: true, embedding_model: true }).extend({
  rank: z.number().int().min(1).describe("1 = top"),
  overall_score: z.number(),
});

/** ticker.news (contract §9.6; pro, realtime only). */
export const TickerNewsData = z.strictObject({
  cluster_id: Id,
  headline: z.string(),
  category: Category.nullable(),
  tickers: z.array(ScoredTicker),
});

/** Fields article events carry for one subscriber: the vector (`include_embeddings`) and the filter match. */
export const SubscriberFields = {
  embedding: z
    .array(z.number())
    .length(EMBEDDING_DIMENSIONS)
    .nullable()
    .optional()
    .describe("only with include_embeddings; null while the vector is not computed"),
  embedding_model: z.string().nullable().optional().describe("with embedding"),
  similarity: z.number().optional().describe("only with embedding_filters: the best match"),
  matched_filter: z.string().nullable().optional().describe("with similarity: the best filter's label"),
};
