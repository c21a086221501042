// Rows of the content tables as the PostgreSQL repositories read them, and their domain records.
import type { Kysely } from "kysely";

import type { ArticleTicker } from "../../tickers/tag-article";
import type { Article, ContentStatus, Feed, Source } from "../types";
import type { PgDb } from "./connect";
import type { Database } from "./schema";

export type PgExecutor = Kysely<Database>;

/** The article columns an `Article` reads (never the search vector), with its source's name, slug and language. */
export const ARTICLE_COLUMNS = [
  "a.id",
  "a.url_hash",
  "a.url",
  "a.canonical_url",
  "a.title",
  "a.slug",
  "a.source_id",
  "a.category",
  "a.language",
  "a.published_at",
  "a.discovered_at",
  "a.excerpt",
  "a.image_url",
  "a.content_status",
  "a.headline_summary",
  "a.story_id",
  "a.duplicate_of",
  "a.embedding_model",
  "a.tickers_json",
  "s.name as source_name",
  "s.slug as source_slug",
  "s.language as source_language",
] as const;

/** `SELECT <article columns> FROM articles a JOIN sources s`, ready for a WHERE and an ORDER BY. */
export const selectArticles = (db: PgExecutor) =>
  db.selectFrom("articles as a").innerJoin("sources as s", "s.id", "a.source_id").select(ARTICLE_COLUMNS);

export interface ArticleRow {
  id: number;
  url_hash: string;
  url: string;
  canonical_url: string;
  title: string;
  slug: string;
  source_id: number;
  source_name: string;
  source_slug: string;
  source_language: string | null;
  category: string;
  language: string | null;
  published_at: number;
  discovered_at: number;
  excerpt: string | null;
  image_url: string | null;
  content_status: string;
  headline_summary: string | null;
  story_id: number | null;
  duplicate_of: number | null;
  embedding_model: string | null;
  tickers_json?: string | null;
}

export function toArticle(r: ArticleRow): Article {
  return {
    id: r.id,
    urlHash: r.url_hash,
    url: r.url,
    canonicalUrl: r.canonical_url,
    title: r.title,
    slug: r.slug,
    sourceId: r.source_id,
    sourceName: r.source_name,
    sourceSlug: r.source_slug,
    sourceLanguage: r.source_language,
    category: r.category,
    language: r.language,
    publishedAt: r.published_at,
    discoveredAt: r.discovered_at,
    excerpt: r.excerpt,
    imageUrl: r.image_url,
    contentStatus: r.content_status as ContentStatus,
    headlineSummary: r.headline_summary,
    storyId: r.story_id,
    duplicateOf: r.duplicate_of,
    embeddingModel: r.embedding_model,
    ...(r.tickers_json ? { tickers: JSON.parse(r.tickers_json) as ArticleTicker[] } : {}),
  };
}

export interface SourceRow {
  id: number;
  slug: string;
  name: string;
  homepage: string;
  country: string | null;
  language: string | null;
  category: string;
  logo_url: string | null;
  description: string | null;
  enabled: boolean;
  created_at: number;
}

export const toSource = (r: SourceRow): Source => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  homepage: r.homepage,
  country: r.country,
  language: r.language,
  category: r.category,
  logoUrl: r.logo_url,
  description: r.description,
  enabled: r.enabled,
  createdAt: r.created_at,
});

export interface FeedRow {
  id: number;
  source_id: number;
  url: string;
  title: string | null;
  category: string | null;
  etag: string | null;
  last_modified: string | null;
  interval_ms: number;
  next_poll_at: number;
  last_polled_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  consecutive_failures: number;
  articles_per_day: number;
}

export const toFeed = (r: FeedRow): Feed => ({
  id: r.id,
  sourceId: r.source_id,
  url: r.url,
  title: r.title,
  category: r.category,
  etag: r.etag,
  lastModified: r.last_modified,
  intervalMs: r.interval_ms,
  nextPollAt: r.next_poll_at,
  lastPolledAt: r.last_polled_at,
  lastSuccessAt: r.last_success_at,
  lastError: r.last_error,
  lastErrorAt: r.last_error_at,
  consecutiveFailures: r.consecutive_failures,
  articlesPerDay: r.articles_per_day,
});

/** A counter of `sequences` (0 before its first bump). */
export async function readVersion(db: PgDb, name: string): Promise<number> {
  const row = await db.selectFrom("sequences").select("next").where("name", "=", name).executeTakeFirst();
  return row?.next ?? 0;
}

/** `LIKE` pattern text with its wildcards and the escape character escaped (escape `\`). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * pgvector's text form of a vector (`[1,2,3]`), passed as a parameter and cast with `::vector`. The vector tables
 * exist only where pgvector does (migration 39, applied by the store when it opens): the repositories write them
 * when told to (`vectors: true`).
 */
export const vectorText = (v: Float32Array) => `[${Array.from(v).join(",")}]`;

/** A vector read back as text (`embedding::text`). */
export const parseVector = (text: string) => Float32Array.from(JSON.parse(text) as number[]);

export interface PgContentOptions {
  /** Write article and story vectors (the pgvector tables exist). */
  vectors?: boolean;
}

/**
 * The order in which transactions take the version counters' row locks. The story repository locks story rows, then
 * bumps `story_version`, then writes articles (`article_version`); the others follow the same order.
 */
const COUNTER_ORDER = ["story_version", "entity_version", "article_version"];

/**
 * Takes the version counters' row locks up front, in COUNTER_ORDER, before a transaction's writes bump them one
 * after another in another order: two transactions taking the same counters then wait for each other instead of
 * deadlocking.
 */
export async function lockCounters(trx: PgExecutor, names: string[]): Promise<void> {
  for (const name of COUNTER_ORDER.filter((n) => names.includes(n)))
    await trx.selectFrom("sequences").select("name").where("name", "=", name).forUpdate().execute();
}
