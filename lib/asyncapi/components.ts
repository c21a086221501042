import { z } from "zod";

import { embeddingFilterSchema } from "../events/embedding-filters";
import { SubscribeFilters } from "../events/filters";
import { tidySchema } from "../openapi/query-parameters";
import { ArticleTicker, ScoredTicker, StoryTicker } from "../openapi/schemas/ticker";
import {
  ClusterEventData,
  PriorityChangedData,
  RankedStory,
  RealtimeItem,
  StoryDevelopmentData,
  TickerNewsData,
} from "./event-payloads";
import {
  ClusterEventMessage,
  ClustersRankedMessage,
  ErrorMessage,
  ItemEnrichedMessage,
  ItemNewMessage,
  PingMessage,
  PongMessage,
  PriorityChangedMessage,
  StoryDevelopmentMessage,
  SubscribedFilters,
  SubscribedMessage,
  SubscribeMessage,
  TickerNewsMessage,
} from "./messages";

type Json = Record<string, unknown>;

/** What clients send: described as the gateway parses it (zod input: defaults may be left out). */
const CLIENT_SCHEMAS: Record<string, z.ZodType> = {
  SubscribeMessage,
  SubscribeFilters,
  EmbeddingFilter: embeddingFilterSchema(0.5),
  PingMessage,
};

/** What the server sends (zod output). */
const SERVER_SCHEMAS: Record<string, z.ZodType> = {
  SubscribedMessage,
  SubscribedFilters,
  ErrorMessage,
  PongMessage,
  ItemNewMessage,
  ItemEnrichedMessage,
  StoryDevelopmentMessage,
  PriorityChangedMessage,
  ClusterEventMessage,
  ClustersRankedMessage,
  TickerNewsMessage,
  RealtimeItem,
  StoryDevelopmentData,
  PriorityChangedData,
  ClusterEventData,
  RankedStory,
  TickerNewsData,
  ScoredTicker,
  ArticleTicker,
  StoryTicker,
};

function toJsonSchemas(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    io,
    target: "draft-07",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  return tidySchema(out.schemas as Record<string, Json>);
}

/**
 * JSON Schemas (draft-07, the AsyncAPI schema format's base) of every message and named part, with `$ref`s between
 * them, generated from the zod schemas the gateway parses with and the payload schemas of contract §9.
 */
export function asyncApiSchemas(): Record<string, Json> {
  return { ...toJsonSchemas(CLIENT_SCHEMAS, "input"), ...toJsonSchemas(SERVER_SCHEMAS, "output") };
}
