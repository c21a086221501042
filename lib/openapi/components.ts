import { z } from "zod";

import { Stats, UsageReport, VersionInfo } from "./schemas/account";
import { Article, ArticleContent, ArticlePage, ItemResponse, RelatedResponse } from "./schemas/article";
import { BacktestEvent, BacktestResponse, EventEnvelope } from "./schemas/backtest";
import {
  Entity,
  EntityNetworkResponse,
  EntityPage,
  EntityRelationshipEdge,
  GraphNode,
  StoryEntityEdge,
  StoryEntityResponse,
  TopicCluster,
  TopicClusterResponse,
  TrendingEntitiesResponse,
  TrendingEntity,
} from "./schemas/entity";
import { ErrorBody } from "./schemas/error";
import {
  EmbeddingResponse,
  SearchFullResponse,
  SearchResponse,
  SearchResult,
  SuggestResponse,
  VectorSearchResponse,
} from "./schemas/search";
import {
  CategoriesResponse,
  Source,
  SourceRanking,
  SourceRankingsResponse,
  SourcesResponse,
  TagsResponse,
} from "./schemas/source";
import {
  Development,
  DevelopmentsResponse,
  ListStoriesResponse,
  RankedStoriesResponse,
  StoryDetail,
  StoryListItem,
  StorySummary,
  StoryUpdateReport,
} from "./schemas/story";
import { ArticleTicker, StoryTicker } from "./schemas/ticker";

/** The named schemas of the document (`#/components/schemas/<name>`); nested uses become `$ref`s. */
export const COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  Article,
  ArticleTicker,
  ArticlePage,
  ItemResponse,
  RelatedResponse,
  ArticleContent,
  StorySummary,
  StoryTicker,
  StoryListItem,
  StoryDetail,
  Development,
  ListStoriesResponse,
  RankedStoriesResponse,
  DevelopmentsResponse,
  StoryUpdateReport,
  Entity,
  EntityPage,
  TrendingEntity,
  TrendingEntitiesResponse,
  GraphNode,
  EntityRelationshipEdge,
  EntityNetworkResponse,
  StoryEntityEdge,
  StoryEntityResponse,
  TopicCluster,
  TopicClusterResponse,
  SearchResponse,
  SearchResult,
  SearchFullResponse,
  SuggestResponse,
  VectorSearchResponse,
  EmbeddingResponse,
  SourceRanking,
  SourceRankingsResponse,
  Source,
  SourcesResponse,
  CategoriesResponse,
  TagsResponse,
  EventEnvelope,
  BacktestEvent,
  BacktestResponse,
  UsageReport,
  Stats,
  VersionInfo,
  Error: ErrorBody,
};

/** The name of a component schema, if `schema` is one. */
export function componentName(schema: z.ZodType): string | undefined {
  for (const [name, s] of Object.entries(COMPONENT_SCHEMAS)) if (s === schema) return name;
  return undefined;
}

/** JSON Schemas of every component, with `$ref`s between them (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
export function componentJsonSchemas(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  return out.schemas as Record<string, Record<string, unknown>>;
}
