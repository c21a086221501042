import { z } from "zod";

import { EVENT_TYPES, SubscribeFilters } from "../events/filters";
import { Ms } from "../openapi/schemas/common";
import {
  ClusterEventData,
  PriorityChangedData,
  RankedStory,
  RealtimeItem,
  StoryDevelopmentData,
  SubscriberFields,
  TickerNewsData,
} from "./event-payloads";

// Every message of the /ws protocol (contract §8.2, §8.5, §9) as zod schemas. Client messages reuse the schemas the
// gateway parses with (`SubscribeFilters`); server messages describe what it sends.

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) => ({
  type: z.literal(type),
  id: z.number().int().min(1).describe("global event sequence, strictly increasing; resume with since_id"),
  ts: Ms.describe("emit time"),
  data,
});

export const ItemNewMessage = z
  .strictObject({ ...envelope("item.new", RealtimeItem), ...SubscriberFields })
  .describe("A new article (topic articles)");

export const ItemEnrichedMessage = z
  .strictObject({
    ...envelope("item.enriched", RealtimeItem),
    entity_ids: z.array(z.number().int().min(1)).describe("the entities the article names"),
    ...SubscriberFields,
  })
  .describe("An article after entity extraction and summarisation, once per article (topic articles)");

export const StoryDevelopmentMessage = z
  .strictObject(envelope("story.development", StoryDevelopmentData))
  .describe("A story developed (topic stories)");

export const PriorityChangedMessage = z
  .strictObject(envelope("story.priority_changed", PriorityChangedData))
  .describe("A story's priority changed (topic stories)");

export const ClusterEventMessage = z
  .strictObject(envelope("cluster.event", ClusterEventData))
  .describe("A story was created, merged or split (topic stories)");

export const ClustersRankedMessage = z
  .strictObject({
    ...envelope("clusters.ranked", z.array(RankedStory).max(50)),
    updated: z.literal(true),
  })
  .describe("The top stories changed order; at most once per minute (selected by type only)");

export const TickerNewsMessage = z
  .strictObject(envelope("ticker.news", TickerNewsData))
  .describe("Securities a story affects (topic tickers or a tickers filter; pro; never replayed)");

/** The event messages by type: the six of contract §9 plus ticker.news. */
export const EVENT_MESSAGES = {
  "item.new": ItemNewMessage,
  "item.enriched": ItemEnrichedMessage,
  "story.development": StoryDevelopmentMessage,
  "story.priority_changed": PriorityChangedMessage,
  "cluster.event": ClusterEventMessage,
  "clusters.ranked": ClustersRankedMessage,
  "ticker.news": TickerNewsMessage,
} as const satisfies Record<(typeof EVENT_TYPES)[number] | "ticker.news", z.ZodType>;

export const EventMessage = z.discriminatedUnion("type", [
  ItemNewMessage,
  ItemEnrichedMessage,
  StoryDevelopmentMessage,
  PriorityChangedMessage,
  ClusterEventMessage,
  ClustersRankedMessage,
  TickerNewsMessage,
]);

/** Client → server: replaces the connection's filters entirely (contract §8.2). */
export const SubscribeMessage = z
  .strictObject({
    type: z.literal("subscribe"),
    filters: SubscribeFilters.optional().describe("missing or {} means every default event"),
  })
  .describe("Subscribe, or replace the current subscription");

/** Client → server: for browsers, which cannot send ping frames. */
export const PingMessage = z.strictObject({ type: z.literal("ping") }).describe("Application-level ping");

/** The normalised echo of the filters (every given field except embedding_filters and the merged `keyword`). */
export const SubscribedFilters = SubscribeFilters.omit({ keyword: true, embedding_filters: true });

export const SubscribedMessage = z
  .strictObject({
    type: z.literal("subscribed"),
    embedding_filters: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("number of active embedding filters, only when > 0"),
    filters: SubscribedFilters,
  })
  .describe("The subscription is active");

/** Codes the feed's `error` messages carry: §4.2's auth and limit codes plus the feed's own. */
export const WS_ERROR_CODES = [
  "missing_api_key",
  "invalid_api_key",
  "insufficient_scope",
  "tier_required",
  "too_many_connections",
  "invalid_message",
  "invalid_filter",
  "rate_limited",
  "resume_gap_too_large",
  "internal_error",
] as const;

export const ErrorMessage = z
  .strictObject({
    type: z.literal("error"),
    code: z.string().describe(`machine-readable; one of ${WS_ERROR_CODES.join(", ")} (open set)`),
    error: z.string().describe("human-readable"),
  })
  .describe(
    "A refused message or connection; before a close with one of the close codes below when the connection is refused",
  );

export const PongMessage = z
  .strictObject({ type: z.literal("pong"), ts: Ms })
  .describe("The answer to a ping message");
