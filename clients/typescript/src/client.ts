import { resolveApiKey, resolveBaseUrl } from "./env.js";
import { Transport, type QueryValue, type RequestOptions, type TransportOptions } from "./http.js";
import { OPERATIONS } from "./operations.js";
import { cursorPages, offsetPages } from "./paginate.js";
import type { BodyOf, OperationId, QueryOf, ResponseOf, Schemas } from "./types.js";

export interface LedeOptions extends Partial<Omit<TransportOptions, "baseUrl" | "apiKey">> {
  /** Default: LEDE_API_KEY. */
  apiKey?: string;
  /** The origin, e.g. `https://lede.example.com`. Default: LEDE_API_URL, else http://localhost:3000. */
  baseUrl?: string;
}

type IdOrSlug = number | string;

/** Path parameters, query and body of one call. */
export interface CallParts<K extends OperationId> {
  path?: Record<string, IdOrSlug>;
  query?: QueryOf<K>;
  body?: BodyOf<K>;
}
type Paged<Q> = Omit<Q, "offset" | "limit"> & { pageSize?: number };
type Cursored<Q> = Omit<Q, "cursor" | "limit"> & { pageSize?: number };

/**
 * A client of the Lede REST API: one method per operation of /v1/openapi.json, with request and response types
 * generated from it, and async iterators over paginated lists.
 */
export class Lede {
  readonly baseUrl: string;
  private readonly http: Transport;

  constructor(options: LedeOptions = {}) {
    this.baseUrl = resolveBaseUrl(options.baseUrl);
    this.http = new Transport({ ...options, baseUrl: this.baseUrl, apiKey: resolveApiKey(options.apiKey) });
  }

  /** Headers of the last response: X-Request-Id, X-RateLimit-*, X-Credits-*. */
  get lastHeaders(): Headers | null {
    return this.http.lastHeaders;
  }

  /** Calls any operation by its operationId. */
  call<K extends OperationId>(
    operation: K,
    parts: CallParts<K> = {},
    options?: RequestOptions,
  ): Promise<ResponseOf<K>> {
    const [method, template] = OPERATIONS[operation];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = parts.path?.[name];
      if (value === undefined) throw new TypeError(`${operation}: missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    return this.http.request<ResponseOf<K>>(
      {
        method,
        path,
        query: parts.query as Record<string, QueryValue> | undefined,
        body: parts.body,
        auth: operation !== "getVersion",
      },
      options,
    );
  }

  // Stories (contract §7.1)

  /** Active stories (updated within 48 h), fastest-moving first; `tickers: ["AAPL", "BTC"]` keeps those about any of them. */
  listStories(query?: QueryOf<"listStories">, options?: RequestOptions) {
    return this.call("listStories", { query }, options);
  }
  /** Top stories by overall rank (relevance × recency). */
  listRankedStories(query?: QueryOf<"listRankedStories">, options?: RequestOptions) {
    return this.call("listRankedStories", { query }, options);
  }
  /** A story with its articles and developments, by id or slug. */
  getStory(id: IdOrSlug, query?: QueryOf<"getStory">, options?: RequestOptions) {
    return this.call("getStory", { path: { id }, query }, options);
  }
  /** A story's developments in timeline order. */
  listStoryDevelopments(id: IdOrSlug, options?: RequestOptions) {
    return this.call("listStoryDevelopments", { path: { id } }, options);
  }
  /** What changed in a story since `since_ms`. */
  getStoryUpdates(id: IdOrSlug, query: QueryOf<"getStoryUpdates">, options?: RequestOptions) {
    return this.call("getStoryUpdates", { path: { id }, query }, options);
  }

  // Articles (§7.2)

  /** Articles, paginated and filtered; `tickers: ["AAPL", "BTC"]` keeps those about any of them. */
  listItems(query?: QueryOf<"listItems">, options?: RequestOptions) {
    return this.call("listItems", { query }, options);
  }
  /** One article by `url_hash` or `slug` (exactly one of them). */
  getItem(query: QueryOf<"getItem">, options?: RequestOptions) {
    return this.call("getItem", { query }, options);
  }
  /** An article's extracted text, summaries and tags. */
  getContent(query: QueryOf<"getContent">, options?: RequestOptions) {
    return this.call("getContent", { query }, options);
  }
  /** Articles nearest to an article, excluding itself and its duplicates. */
  listRelated(query: QueryOf<"listRelated">, options?: RequestOptions) {
    return this.call("listRelated", { query }, options);
  }

  // Search and vectors (§7.3)

  /** Full-text search over titles, excerpts and extracted text. */
  search(query: QueryOf<"search">, options?: RequestOptions) {
    return this.call("search", { query }, options);
  }
  /** Full-text search merged with articles of entities named in the query, with snippets. */
  searchFull(query: QueryOf<"searchFull">, options?: RequestOptions) {
    return this.call("searchFull", { query }, options);
  }
  /** Autocomplete: entity names and popular title terms starting with `q`. */
  suggest(query: QueryOf<"suggest">, options?: RequestOptions) {
    return this.call("suggest", { query }, options);
  }
  /** Articles and stories nearest to a 1536-dimension vector (pro). */
  vectorSearch(body: BodyOf<"vectorSearch">, options?: RequestOptions) {
    return this.call("vectorSearch", { body }, options);
  }
  /** The stored vector of an article (`id` = url_hash) or a story (`id` = story id) (pro). */
  getEmbedding(query: QueryOf<"getEmbedding">, options?: RequestOptions) {
    return this.call("getEmbedding", { query }, options);
  }

  // Entities (§7.4)

  /** Entities by article count. */
  listEntities(query?: QueryOf<"listEntities">, options?: RequestOptions) {
    return this.call("listEntities", { query }, options);
  }
  /** Entities with subcategory politician. */
  listPoliticians(query?: QueryOf<"listPoliticians">, options?: RequestOptions) {
    return this.call("listPoliticians", { query }, options);
  }
  /** Entities mentioned in the last 24 h above their 7-day baseline. */
  listTrendingEntities(query?: QueryOf<"listTrendingEntities">, options?: RequestOptions) {
    return this.call("listTrendingEntities", { query }, options);
  }
  /** One entity, by id or slug. */
  getEntity(id: IdOrSlug, options?: RequestOptions) {
    return this.call("getEntity", { path: { id } }, options);
  }
  /** Articles mentioning an entity, newest first. */
  listEntityArticles(id: IdOrSlug, query?: QueryOf<"listEntityArticles">, options?: RequestOptions) {
    return this.call("listEntityArticles", { path: { id }, query }, options);
  }

  // Graphs (§7.5)

  /** Ego network of related entities, breadth-first to `depth`, strongest edges first. */
  getEntityNetwork(query: QueryOf<"getEntityNetwork">, options?: RequestOptions) {
    return this.call("getEntityNetwork", { query }, options);
  }
  /** A story and its most-mentioned entities. */
  getStoryEntityGraph(query: QueryOf<"getStoryEntityGraph">, options?: RequestOptions) {
    return this.call("getStoryEntityGraph", { query }, options);
  }
  /** Topics grouping related stories. */
  listTopicClusters(query?: QueryOf<"listTopicClusters">, options?: RequestOptions) {
    return this.call("listTopicClusters", { query }, options);
  }

  // Sources and taxonomy (§7.6)

  /** Sources ranked by overall score. */
  listSourceRankings(options?: RequestOptions) {
    return this.call("listSourceRankings", {}, options);
  }
  /** Every registered source, by name. */
  listSources(options?: RequestOptions) {
    return this.call("listSources", {}, options);
  }
  /** Category slugs, alphabetical. */
  listCategories(options?: RequestOptions) {
    return this.call("listCategories", {}, options);
  }
  /** The most frequent tags, at most 1,000. */
  listTags(options?: RequestOptions) {
    return this.call("listTags", {}, options);
  }

  // Backtest (§7.7, pro)

  /** One page of stored realtime events of a window (at most 7 days, within the last 90). */
  backtest(query: QueryOf<"backtest">, options?: RequestOptions) {
    return this.call("backtest", { query }, options);
  }
  /** POST /v1/backtest: as `backtest`, with an optional embedding filter. */
  backtestWithFilters(body: BodyOf<"backtestWithFilters">, options?: RequestOptions) {
    return this.call("backtestWithFilters", { body }, options);
  }

  // Account and meta (§7.8)

  /** The calling key's usage and the account's quota. */
  getUsage(query?: QueryOf<"getUsage">, options?: RequestOptions) {
    return this.call("getUsage", { query }, options);
  }
  /** Totals of articles, stories, entities and sources. */
  getStats(options?: RequestOptions) {
    return this.call("getStats", {}, options);
  }
  /** API versions, sunsets and recommended SDK versions (no key needed). */
  getVersion(options?: RequestOptions) {
    return this.call("getVersion", {}, options);
  }

  // Iterators

  /** Every active story, page after page. */
  iterStories({ pageSize = 100, ...query }: Paged<QueryOf<"listStories">> = {}) {
    return offsetPages<Schemas["StoryListItem"]>(
      (offset) => this.listStories({ ...query, limit: pageSize, offset }),
      "stories",
    );
  }
  /** Every article matching the filters of `listItems`. */
  iterItems({ pageSize = 100, ...query }: Paged<QueryOf<"listItems">> = {}) {
    return offsetPages<Schemas["Article"]>(
      (offset) => this.listItems({ ...query, limit: pageSize, offset }),
      "items",
    );
  }
  /** Every article matching a full-text query. */
  iterSearch({ pageSize = 100, ...query }: Paged<QueryOf<"search">>) {
    return offsetPages<Schemas["Article"]>(
      (offset) => this.search({ ...query, limit: pageSize, offset }),
      "items",
    );
  }
  /** Every result of `searchFull`. */
  iterSearchFull({ pageSize = 100, ...query }: Paged<QueryOf<"searchFull">>) {
    return offsetPages<Schemas["SearchResult"]>(
      (offset) => this.searchFull({ ...query, limit: pageSize, offset }),
      "results",
    );
  }
  /** Every entity matching the filters of `listEntities`. */
  iterEntities({ pageSize = 200, ...query }: Paged<QueryOf<"listEntities">> = {}) {
    return offsetPages<Schemas["Entity"]>(
      (offset) => this.listEntities({ ...query, limit: pageSize, offset }),
      "entities",
    );
  }
  /** Every politician. */
  iterPoliticians({ pageSize = 200 }: { pageSize?: number } = {}) {
    return offsetPages<Schemas["Entity"]>(
      (offset) => this.listPoliticians({ limit: pageSize, offset }),
      "entities",
    );
  }
  /** Every article mentioning an entity. */
  iterEntityArticles(id: IdOrSlug, { pageSize = 100 }: { pageSize?: number } = {}) {
    return offsetPages<Schemas["Article"]>(
      (offset) => this.listEntityArticles(id, { limit: pageSize, offset }),
      "items",
    );
  }
  /** Every stored event of a window, following `next_cursor` (GET /v1/backtest). */
  iterBacktest({ pageSize = 1000, ...query }: Cursored<QueryOf<"backtest">>) {
    return cursorPages<Schemas["BacktestEvent"]>((cursor) =>
      this.backtest({ ...query, cursor, limit: pageSize } as QueryOf<"backtest">),
    );
  }
  /** Every stored event of a window, following `next_cursor` (POST /v1/backtest). */
  iterBacktestWithFilters({ pageSize = 1000, ...body }: Cursored<BodyOf<"backtestWithFilters">>) {
    return cursorPages<Schemas["BacktestEvent"]>((cursor) =>
      this.backtestWithFilters({ ...body, cursor, limit: pageSize } as BodyOf<"backtestWithFilters">),
    );
  }
}
