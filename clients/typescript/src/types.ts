// Named shapes of the API, all derived from the generated files (never written by hand).
import type { operations, components as rest } from "./generated/openapi.js";
import type { components as feed } from "./generated/realtime.js";

export type { operations, paths } from "./generated/openapi.js";

export type Schemas = rest["schemas"];
export type OperationId = keyof operations;

/** The query parameters of an operation (an empty object type when it has none). */
export type QueryOf<K extends OperationId> = operations[K]["parameters"] extends { query?: infer Q }
  ? [Q] extends [never | undefined]
    ? Record<string, never>
    : NonNullable<Q>
  : Record<string, never>;
/** The JSON body of an operation's 200 response. */
export type ResponseOf<K extends OperationId> =
  operations[K]["responses"][200]["content"]["application/json"];
/** The JSON request body of a POST operation. */
export type BodyOf<K extends OperationId> = operations[K]["requestBody"] extends
  | { content: { "application/json": infer B } }
  | undefined
  ? B
  : never;

export type Article = Schemas["Article"];
export type ArticleTicker = Schemas["ArticleTicker"];
export type StorySummary = Schemas["StorySummary"];
export type StoryListItem = Schemas["StoryListItem"];
export type StoryDetail = Schemas["StoryDetail"];
export type StoryTicker = Schemas["StoryTicker"];
export type Development = Schemas["Development"];
export type Entity = Schemas["Entity"];
export type SearchResult = Schemas["SearchResult"];
export type Source = Schemas["Source"];
export type SourceRanking = Schemas["SourceRanking"];
export type BacktestEvent = Schemas["BacktestEvent"];
export type BacktestResponse = Schemas["BacktestResponse"];
export type UsageReport = Schemas["UsageReport"];
export type VersionInfo = Schemas["VersionInfo"];
export type ApiErrorBody = Schemas["Error"];

// The live feed (/v1/asyncapi.json).
export type FeedSchemas = feed["schemas"];
export type SubscribeFilters = FeedSchemas["SubscribeFilters"];
export type EmbeddingFilter = FeedSchemas["EmbeddingFilter"];
export type SubscribedMessage = FeedSchemas["SubscribedMessage"];
export type FeedErrorMessage = FeedSchemas["ErrorMessage"];
export type RealtimeItem = FeedSchemas["RealtimeItem"];

/** Every event message of the feed by its `type`. */
export interface EventMap {
  "item.new": FeedSchemas["ItemNewMessage"];
  "item.enriched": FeedSchemas["ItemEnrichedMessage"];
  "story.development": FeedSchemas["StoryDevelopmentMessage"];
  "story.priority_changed": FeedSchemas["PriorityChangedMessage"];
  "cluster.event": FeedSchemas["ClusterEventMessage"];
  "clusters.ranked": FeedSchemas["ClustersRankedMessage"];
  "ticker.news": FeedSchemas["TickerNewsMessage"];
}
export type EventType = keyof EventMap;
export type EventMessage = EventMap[EventType];
