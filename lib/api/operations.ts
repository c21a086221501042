import { ItemQuery } from "../articles/get-item";
import { ListItemsQuery } from "../articles/list-items";
import { RelatedQuery } from "../articles/related";
import { GetContentQuery } from "../content/get-content";
import {
  EntityArticlesQuery,
  EntityParams,
  ListEntitiesQuery,
  PoliticiansQuery,
  TrendingEntitiesQuery,
} from "../entities/queries/schemas";
import { BacktestBody, BacktestQuery } from "../events/backtest-input";
import { EntityNetworkQuery, StoryEntityQuery } from "../graph/schemas";
import type { OperationSpec, ParamDoc } from "../openapi/operation-spec";
import { Stats, UsageReport, VersionInfo } from "../openapi/schemas/account";
import { ArticleContent, ArticlePage, ItemResponse, RelatedResponse } from "../openapi/schemas/article";
import { BacktestResponse } from "../openapi/schemas/backtest";
import {
  Entity,
  EntityNetworkResponse,
  EntityPage,
  StoryEntityResponse,
  TopicClusterResponse,
  TrendingEntitiesResponse,
} from "../openapi/schemas/entity";
import {
  EmbeddingResponse,
  SearchFullResponse,
  SearchResponse,
  SuggestResponse,
  VectorSearchResponse,
} from "../openapi/schemas/search";
import {
  CategoriesResponse,
  SourceRankingsResponse,
  SourcesResponse,
  TagsResponse,
} from "../openapi/schemas/source";
import {
  DevelopmentsResponse,
  ListStoriesResponse,
  RankedStoriesResponse,
  StoryDetail,
  StoryUpdateReport,
} from "../openapi/schemas/story";
import { SearchFullQuery, SearchQuery, SuggestQuery } from "../search/schemas";
import { ListStoriesQuery, RankedStoriesQuery, StoryParams, StoryQuery } from "../stories/get-stories";
import { StoryUpdatesQuery } from "../stories/story-updates";
import { TopicClusterQuery } from "../topics/topics";
import { UsageQuery } from "../usage/usage-window";
import { EmbeddingQuery, VectorSearchBody } from "../vectors/schemas";
import { PARAM_DOCS } from "./param-docs";

export type { OperationSpec } from "../openapi/operation-spec";

const EMBEDDINGS_PRO = [{ feature: "include_embeddings", tier: "pro" as const }];
const EMBEDDINGS_COST = { credits: 1, embeddingsExtra: 4 };
const SEARCH_Q: ParamDoc = { schema: { minLength: 1, maxLength: 200 } };
const tickersFilter = (what: string): ParamDoc => ({
  description: `security symbols, e.g. \`AAPL,BTC\`, matched upper-cased: only ${what} carrying at least one of them`,
  schema: { maxItems: 100 },
});

type Row = Omit<OperationSpec, "auth" | "scope" | "demoAllowed" | "cost" | "minTier" | "method"> &
  Partial<Pick<OperationSpec, "auth" | "scope" | "demoAllowed" | "cost" | "minTier" | "method">>;

/** The descriptions of lib/api/param-docs.ts, with a row's own schema additions and descriptions on top. */
function paramDocsOf(r: Row): Record<string, ParamDoc> {
  const docs = { ...PARAM_DOCS[r.operationId] };
  for (const [name, own] of Object.entries(r.paramDocs ?? {})) docs[name] = { ...docs[name], ...own };
  return docs;
}

/** Fills the common case: GET, key auth, scope read, every plan, the demo key allowed, 1 credit. */
const op = (r: Row): OperationSpec => ({
  method: "GET",
  auth: true,
  scope: "read",
  minTier: null,
  demoAllowed: true,
  cost: { credits: 1 },
  ...r,
  paramDocs: paramDocsOf(r),
});

/**
 * The 31 REST operations of contract §1, in its order: method, path template, scope, plan, credit cost (§5.2), the
 * zod schemas the route validates with and the schema of its 2xx body. The OpenAPI document is generated from this
 * list, and the contract suite calls every route with it.
 */
export const OPERATIONS: readonly OperationSpec[] = [
  op({
    n: 1,
    operationId: "listStories",
    path: "/v1/stories",
    tag: "Stories",
    summary: "Active stories (updated within 48 h), fastest-moving first",
    query: ListStoriesQuery,
    paramDocs: { tickers: tickersFilter("stories") },
    featureTiers: EMBEDDINGS_PRO,
    cost: EMBEDDINGS_COST,
    response: ListStoriesResponse,
  }),
  op({
    n: 2,
    operationId: "listRankedStories",
    path: "/v1/stories/ranked",
    tag: "Stories",
    summary: "Top stories by overall rank (relevance × recency)",
    query: RankedStoriesQuery,
    featureTiers: EMBEDDINGS_PRO,
    cost: EMBEDDINGS_COST,
    response: RankedStoriesResponse,
  }),
  op({
    n: 3,
    operationId: "getStory",
    path: "/v1/stories/{id}",
    tag: "Stories",
    summary: "A story with its articles and developments",
    params: StoryParams,
    query: StoryQuery,
    featureTiers: EMBEDDINGS_PRO,
    cost: EMBEDDINGS_COST,
    response: StoryDetail,
    notFound: "story",
  }),
  op({
    n: 4,
    operationId: "listStoryDevelopments",
    path: "/v1/stories/{id}/developments",
    tag: "Stories",
    summary: "A story's developments in timeline order",
    params: StoryParams,
    response: DevelopmentsResponse,
    notFound: "story",
  }),
  op({
    n: 5,
    operationId: "getStoryUpdates",
    path: "/v1/stories/{id}/updates",
    tag: "Stories",
    summary: "What changed in a story since a time",
    params: StoryParams,
    query: StoryUpdatesQuery,
    response: StoryUpdateReport,
    notFound: "story",
  }),
  op({
    n: 6,
    operationId: "listItems",
    path: "/v1/items",
    tag: "Articles",
    summary: "Articles, paginated and filtered",
    query: ListItemsQuery,
    paramDocs: { tickers: tickersFilter("articles") },
    featureTiers: EMBEDDINGS_PRO,
    cost: EMBEDDINGS_COST,
    response: ArticlePage,
  }),
  op({
    n: 7,
    operationId: "getItem",
    path: "/v1/item",
    tag: "Articles",
    summary: "One article by url_hash or slug (exactly one of them)",
    query: ItemQuery,
    response: ItemResponse,
    notFound: "article",
  }),
  op({
    n: 8,
    operationId: "getContent",
    path: "/v1/content",
    tag: "Articles",
    summary: "An article's extracted text, summaries and tags",
    query: GetContentQuery,
    cost: { credits: 2 },
    response: ArticleContent,
    notFound: "article",
  }),
  op({
    n: 9,
    operationId: "listRelated",
    path: "/v1/related",
    tag: "Articles",
    summary: "Articles nearest to an article, excluding itself and its duplicates",
    query: RelatedQuery,
    response: RelatedResponse,
    notFound: "article",
  }),
  op({
    n: 10,
    operationId: "search",
    path: "/v1/search",
    tag: "Search",
    summary: "Full-text search over titles, excerpts and extracted text",
    query: SearchQuery,
    paramDocs: { q: SEARCH_Q },
    response: SearchResponse,
  }),
  op({
    n: 11,
    operationId: "searchFull",
    path: "/v1/search/full",
    tag: "Search",
    summary: "Full-text search merged with articles of entities named in the query, with snippets",
    query: SearchFullQuery,
    paramDocs: { q: SEARCH_Q },
    cost: { credits: 2 },
    response: SearchFullResponse,
  }),
  op({
    n: 12,
    operationId: "suggest",
    path: "/v1/search/suggest",
    tag: "Search",
    summary: "Autocomplete: entity names and popular title terms starting with q",
    query: SuggestQuery,
    paramDocs: { q: { schema: { minLength: 1, maxLength: 100 } } },
    response: SuggestResponse,
  }),
  op({
    n: 13,
    operationId: "vectorSearch",
    method: "POST",
    path: "/v1/search/vector",
    tag: "Search",
    summary: "Articles and stories nearest to a 1536-dimension vector",
    minTier: "pro",
    body: VectorSearchBody,
    cost: { credits: 5 },
    response: VectorSearchResponse,
  }),
  op({
    n: 14,
    operationId: "getEmbedding",
    path: "/v1/embeddings",
    tag: "Search",
    summary: "The stored vector of an article (by url_hash) or a story (by id)",
    minTier: "pro",
    query: EmbeddingQuery,
    cost: { credits: 2 },
    response: EmbeddingResponse,
    notFound: "embedding",
  }),
  op({
    n: 15,
    operationId: "listEntities",
    path: "/v1/entities",
    tag: "Entities",
    summary: "Entities by article count",
    query: ListEntitiesQuery,
    paramDocs: { q: { schema: { maxLength: 200 } } },
    response: EntityPage,
  }),
  op({
    n: 16,
    operationId: "listPoliticians",
    path: "/v1/entities/politicians",
    tag: "Entities",
    summary: "Entities with subcategory politician",
    query: PoliticiansQuery,
    response: EntityPage,
  }),
  op({
    n: 17,
    operationId: "listTrendingEntities",
    path: "/v1/entities/trending",
    tag: "Entities",
    summary: "Entities mentioned in the last 24 h above their 7-day baseline",
    query: TrendingEntitiesQuery,
    response: TrendingEntitiesResponse,
  }),
  op({
    n: 18,
    operationId: "getEntity",
    path: "/v1/entities/{id}",
    tag: "Entities",
    summary: "One entity",
    params: EntityParams,
    response: Entity,
    notFound: "entity",
  }),
  op({
    n: 19,
    operationId: "listEntityArticles",
    path: "/v1/entities/{id}/articles",
    tag: "Entities",
    summary: "Articles mentioning an entity, newest first",
    params: EntityParams,
    query: EntityArticlesQuery,
    response: ArticlePage,
    notFound: "entity",
  }),
  op({
    n: 20,
    operationId: "getEntityNetwork",
    path: "/v1/graph/entity-network",
    tag: "Graphs",
    summary: "Ego network of related entities, breadth-first to depth, strongest edges first",
    query: EntityNetworkQuery,
    response: EntityNetworkResponse,
    notFound: "entity",
  }),
  op({
    n: 21,
    operationId: "getStoryEntityGraph",
    path: "/v1/graph/story-entity",
    tag: "Graphs",
    summary: "A story and its most-mentioned entities",
    query: StoryEntityQuery,
    response: StoryEntityResponse,
    notFound: "story",
  }),
  op({
    n: 22,
    operationId: "listTopicClusters",
    path: "/v1/graph/topic-cluster",
    tag: "Graphs",
    summary: "Topics grouping related stories",
    query: TopicClusterQuery,
    response: TopicClusterResponse,
    notFound: "topic",
  }),
  op({
    n: 23,
    operationId: "listSourceRankings",
    path: "/v1/source-rankings",
    tag: "Sources",
    summary: "Sources ranked by overall score",
    response: SourceRankingsResponse,
  }),
  op({
    n: 24,
    operationId: "listSources",
    path: "/v1/sources",
    tag: "Sources",
    summary: "Every registered source, by name",
    response: SourcesResponse,
  }),
  op({
    n: 25,
    operationId: "listCategories",
    path: "/v1/categories",
    tag: "Sources",
    summary: "Category slugs, alphabetical",
    response: CategoriesResponse,
  }),
  op({
    n: 26,
    operationId: "listTags",
    path: "/v1/tags",
    tag: "Sources",
    summary: "The most frequent tags, at most 1,000",
    response: TagsResponse,
  }),
  op({
    n: 27,
    operationId: "backtest",
    path: "/v1/backtest",
    tag: "Backtest",
    summary: "Replay stored realtime events of a window (at most 7 days, within the last 90)",
    minTier: "pro",
    query: BacktestQuery,
    featureTiers: [{ feature: "include_embeddings", tier: "pro" }],
    cost: { credits: 10, embeddingsExtra: 10, perPage: true },
    response: BacktestResponse,
  }),
  op({
    n: 28,
    operationId: "backtestWithFilters",
    method: "POST",
    path: "/v1/backtest",
    tag: "Backtest",
    summary: "Replay stored realtime events, with an optional embedding filter",
    minTier: "pro",
    body: BacktestBody,
    featureTiers: [{ feature: "include_embeddings / embedding_filters", tier: "pro" }],
    cost: { credits: 10, embeddingsExtra: 10, perPage: true },
    response: BacktestResponse,
  }),
  op({
    n: 29,
    operationId: "getUsage",
    path: "/v1/usage",
    tag: "Account",
    summary: "The calling key's usage and the account's quota",
    query: UsageQuery,
    demoAllowed: false,
    cost: { credits: 0 },
    response: UsageReport,
  }),
  op({
    n: 30,
    operationId: "getStats",
    path: "/v1/stats",
    tag: "Account",
    summary: "Totals of articles, stories, entities and sources (up to 60 s old)",
    response: Stats,
  }),
  op({
    n: 31,
    operationId: "getVersion",
    path: "/v1/version",
    tag: "Account",
    summary: "API versions, sunsets and recommended SDK versions",
    auth: false,
    scope: null,
    cost: { credits: 0 },
    response: VersionInfo,
  }),
];

/** The methods each path answers, for the `Allow` header of a 405. */
export function allowedMethods(path: string): string[] {
  return OPERATIONS.filter((o) => o.path === path).map((o) => o.method);
}
