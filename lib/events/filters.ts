import { z } from "zod";

import type { StoredEvent } from "../db/types";
import {
  compileEmbeddingFilter,
  embeddingFilterSchema,
  isArticleEvent,
  type CompiledEmbeddingFilter,
  type EmbeddingFilterInput,
} from "./embedding-filters";

export const EVENT_TYPES = [
  "item.new",
  "item.enriched",
  "story.development",
  "story.priority_changed",
  "cluster.event",
  "clusters.ranked",
] as const;

/** Sent live only: never in a gap fill after `since_id`, nor in backtest (contract §9.6, §6.16). */
export const LIVE_ONLY_TYPES: ReadonlySet<string> = new Set(["ticker.news"]);

/** Event types of each topic (contract §9). */
export const TOPIC_TYPES: Record<string, readonly string[]> = {
  articles: ["item.new", "item.enriched"],
  stories: ["story.development", "story.priority_changed", "cluster.event"],
  tickers: ["ticker.news"],
};

const list = <T extends z.ZodType>(item: T) => z.array(item).max(100, "at most 100 entries");

/** WebSocket subscribe filters (contract §8.3). */
export const SubscribeFilters = z
  .object({
    topics: list(z.enum(["articles", "stories", "tickers"])).optional(),
    types: list(z.enum([...EVENT_TYPES, "ticker.news"])).optional(),
    categories: list(z.string().trim().toLowerCase().min(1)).optional(),
    sources: list(z.string().trim().min(1)).optional(),
    keywords: list(z.string().trim().min(1)).optional(),
    keyword: z.string().trim().min(1).optional(),
    entities: list(z.number().int()).optional(),
    tickers: list(z.string().trim().toUpperCase().min(1)).optional(),
    include_embeddings: z.boolean().optional(),
    embedding_filters: z.array(embeddingFilterSchema(0.5)).max(10, "at most 10 embedding filters").optional(),
  })
  .strict();
export type SubscribeFilters = z.output<typeof SubscribeFilters>;

/** Filters ready for matching: deprecated `keyword` merged, keywords, categories and sources lowercased. */
export interface CompiledFilters {
  types: Set<string>;
  categories?: Set<string>;
  /** Source entries as given (lowercased): decimal ids or slugs. */
  sources?: Set<string>;
  keywords?: string[];
  entities?: Set<number>;
  tickers?: Set<string>;
  embeddingFilters?: CompiledEmbeddingFilter[];
  /** Whether matching events carry the article embedding (`include_embeddings`). */
  includeEmbeddings: boolean;
}

/** The filters as echoed in `subscribed` (contract §8.5): only what was given, normalised. */
export function echoFilters(f: SubscribeFilters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keywords = [...(f.keywords ?? []), ...(f.keyword ? [f.keyword] : [])];
  if (f.topics) out.topics = f.topics;
  if (f.types) out.types = f.types;
  if (f.categories) out.categories = f.categories;
  if (f.sources) out.sources = f.sources;
  if (keywords.length) out.keywords = keywords;
  if (f.entities) out.entities = f.entities;
  if (f.tickers) out.tickers = f.tickers;
  if (f.include_embeddings) out.include_embeddings = true;
  return out;
}

/** What both the live feed and backtest filter on, before compilation. */
export interface FilterSpec {
  topics?: string[];
  types?: string[];
  categories?: string[];
  sources?: string[];
  keywords?: string[];
  /** Deprecated single keyword, merged into `keywords`. */
  keyword?: string;
  entities?: number[];
  tickers?: string[];
  include_embeddings?: boolean;
  /** Already validated (each transport has its own bounds). */
  embedding_filters?: EmbeddingFilterInput[];
}

/**
 * Compiles filters for matching. With neither `types` nor `topics`, `defaultTypes` apply: all six types on the
 * live feed, the five of `articles` + `stories` in backtest. Source entries are kept as given: an article event
 * matches one by its decimal source id or its source slug, so a source registered after a subscribe still matches.
 */
export function compileFilters(
  f: FilterSpec,
  defaultTypes: readonly string[] = EVENT_TYPES,
): CompiledFilters {
  const types = f.types?.length
    ? new Set<string>(f.types)
    : f.topics?.length
      ? new Set(f.topics.flatMap((t) => TOPIC_TYPES[t] ?? []))
      : new Set<string>(defaultTypes);
  if (f.tickers?.length) types.add("ticker.news");
  const keywords = [...(f.keywords ?? []), ...(f.keyword ? [f.keyword] : [])].map((k) => k.toLowerCase());
  return {
    types,
    categories: f.categories?.length ? new Set(f.categories.map((c) => c.toLowerCase())) : undefined,
    sources: f.sources?.length ? new Set(f.sources.map((s) => s.toLowerCase())) : undefined,
    keywords: keywords.length ? keywords : undefined,
    entities: f.entities?.length ? new Set(f.entities) : undefined,
    tickers: f.tickers?.length ? new Set(f.tickers) : undefined,
    embeddingFilters: f.embedding_filters?.length
      ? f.embedding_filters.map(compileEmbeddingFilter)
      : undefined,
    includeEmbeddings: f.include_embeddings === true,
  };
}

type Payload = { data?: Record<string, unknown>; entity_ids?: number[] } & Record<string, unknown>;

/**
 * Whether an event passes the filters (contract §8.4): type selection first; then each filter tests only the
 * events carrying the field it reads; entries within a filter are ORed, filters are ANDed. Embedding filters need
 * the article's vector and are applied after this, by `embeddingMatch`.
 */
export function matchesFilters(f: CompiledFilters, e: StoredEvent): boolean {
  if (!f.types.has(e.type)) return false;
  if (e.type === "cluster.event" || e.type === "clusters.ranked") return true;
  // Without content filters the payload is never read (a logged event parses it only on demand).
  if (!f.categories && !f.sources && !f.keywords && !f.entities && !f.tickers) return true;
  const p = (e.payload ?? {}) as Payload;
  const data = (p.data ?? {}) as Record<string, unknown>;
  const isItem = isArticleEvent(e.type);
  if (f.categories && typeof data.category === "string" && !f.categories.has(data.category)) return false;
  if (f.sources && isItem && !f.sources.has(String(data.source_id)) && !f.sources.has(e.sourceSlug ?? ""))
    return false;
  if (f.keywords) {
    const text = isItem ? data.title : (data.headline ?? data.title);
    if (typeof text === "string") {
      const lower = text.toLowerCase();
      if (!f.keywords.some((k) => lower.includes(k))) return false;
    }
  }
  if (f.entities && e.type === "item.enriched" && !(p.entity_ids ?? []).some((id) => f.entities?.has(id)))
    return false;
  if (f.tickers && e.type === "ticker.news") {
    const tickers = Array.isArray(data.tickers) ? (data.tickers as Array<{ symbol?: unknown }>) : [];
    if (!tickers.some((t) => typeof t.symbol === "string" && f.tickers?.has(t.symbol.toUpperCase())))
      return false;
  }
  return true;
}
