// Domain records as the repositories hand them out (camelCase). Wire shapes live in each domain's serializer.
import type { ArticleTicker } from "../tickers/tag-article";

export const PLANS = ["free", "starter", "pro", "business"] as const;
export type Plan = (typeof PLANS)[number];
export const CONTENT_STATUSES = ["has_content", "no_content", "failed"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export interface Source {
  id: number;
  slug: string;
  name: string;
  homepage: string;
  country: string | null;
  language: string | null;
  category: string;
  logoUrl: string | null;
  description: string | null;
  enabled: boolean;
  createdAt: number;
}

export type NewSource = Omit<Source, "id" | "createdAt" | "enabled"> & { enabled?: boolean };

export interface Feed {
  id: number;
  sourceId: number;
  url: string;
  title: string | null;
  category: string | null;
  etag: string | null;
  lastModified: string | null;
  intervalMs: number;
  nextPollAt: number;
  lastPolledAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  consecutiveFailures: number;
  articlesPerDay: number;
}

export interface Article {
  id: number;
  urlHash: string;
  url: string;
  canonicalUrl: string;
  title: string;
  slug: string;
  sourceId: number;
  sourceName: string;
  sourceSlug: string;
  sourceLanguage: string | null;
  category: string;
  language: string | null;
  publishedAt: number;
  discoveredAt: number;
  excerpt: string | null;
  imageUrl: string | null;
  contentStatus: ContentStatus;
  headlineSummary: string | null;
  storyId: number | null;
  duplicateOf: number | null;
  embeddingModel: string | null;
  /** The securities it concerns (lib/tickers), written by enrichment; absent before. */
  tickers?: ArticleTicker[];
}

/** An article ready to store: normalised, hashed and attributed to a source. */
export interface NewArticle {
  urlHash: string;
  url: string;
  canonicalUrl: string;
  title: string;
  slug: string;
  sourceId: number;
  category: string;
  language: string | null;
  publishedAt: number;
  discoveredAt: number;
  excerpt: string | null;
  imageUrl: string | null;
  /** The importer's own id for this record, when it has one. */
  externalId?: string;
  /** The article's embedding, computed before it is stored: stored with it, so its `item.new` carries it. */
  embedding?: { vector: Float32Array; model: string | null };
}

export interface StoredEvent {
  id: number;
  ts: number;
  type: string;
  clusterId: number;
  articleId: number | null;
  payload: Record<string, unknown> | null;
  /** The slug of an article event's source, read with the event: source filters match the id or the slug. */
  sourceSlug?: string | null;
  /** The payload's JSON text as logged (events read from the log), so it can be sent on without re-serialising. */
  payloadJson?: string | null;
}

export interface EventDraft {
  ts: number;
  type: string;
  clusterId: number;
  articleId: number | null;
  /** Built once the event id is known: the broadcast message carries its own id. */
  payload: (id: number) => Record<string, unknown>;
}

export interface Account {
  id: number;
  name: string;
  plan: Plan;
  isDemo: boolean;
  createdAt: number;
}

export interface User {
  id: number;
  email: string;
  name: string | null;
  passwordHash: string | null;
  accountId: number;
  createdAt: number;
  /** When the email was shown to be the user's (a link opened, an operator, GitHub); null until then. */
  emailVerifiedAt: number | null;
}

export interface ApiKey {
  id: string;
  accountId: number;
  name: string;
  keyHash: string;
  prefix: string;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface UsageRecord {
  keyId: string;
  accountId: number;
  ts: number;
  endpoint: string;
  status: number;
  bytes: number;
  latencyMs: number;
  credits: number;
}
