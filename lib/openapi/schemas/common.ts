import { z } from "zod";

// Building blocks of the response schemas (contract §2, §6). Values are written from the contract itself, not
// from the implementation's constants, so that a drift in the code shows up as a failing contract test.

/** A positive integer id (stories, entities, articles, sources). */
export const Id = z.number().int().min(1);
/** Unix time in milliseconds (contract §2). */
export const Ms = z.number().int().min(0);
export const Count = z.number().int().min(0);
/** 16 lowercase hex characters: the first 64 bits of SHA-256 of the canonical URL (contract §2). */
export const UrlHash = z.string().regex(/^[0-9a-f]{16}$/);
/** A score in [0, 1]. */
export const Unit = z.number().min(0).max(1);
/** Category slugs are an open set of lowercase slugs (contract §6.16). */
export const Category = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/);
export const Slug = z.string().min(1);

export const CONTENT_STATUS = ["has_content", "no_content", "failed"] as const;
export const ENTITY_TYPE = ["person", "org", "location"] as const;
export const STORY_LABEL = ["Breaking", "Developing", "Trending"] as const;
export const DEVELOPMENT_SIGNIFICANCE = ["minor", "moderate", "major"] as const;
export const UPDATE_SIGNIFICANCE = ["none", "minor", "moderate", "major"] as const;
export const UPDATE_REASONS = [
  "new_articles",
  "new_sources",
  "new_entities",
  "headline_changed",
  "new_development",
  "velocity_spike",
] as const;
export const RANKING_TIER = ["tier_1", "tier_2", "tier_3"] as const;
export const RELATIONSHIP_TYPE = [
  "works_for",
  "member_of",
  "leads",
  "founded",
  "owns",
  "part_of",
  "located_in",
  "allied_with",
  "opposes",
  "family_of",
  "associated_with",
] as const;
export const BACKTEST_EVENT_TYPE = [
  "item.new",
  "item.enriched",
  "story.development",
  "story.priority_changed",
  "cluster.event",
  "clusters.ranked",
] as const;
export const PLAN_TIER = ["free", "starter", "pro", "business"] as const;
export const TICKER_SENTIMENT = ["bullish", "bearish", "neutral"] as const;
export const TICKER_IMPACT = ["negligible", "low", "moderate", "high", "unprecedented"] as const;
export const ASSET_CLASS = ["equity", "etf", "crypto", "index", "commodity", "fx"] as const;

export const EMBEDDING_DIMENSIONS = 1536;

/**
 * An `include_embeddings` vector (contract §6.15): 1536 numbers (`embedding_format=json`), a base64 string of 1536
 * float32 LE values (6,144 bytes, so 8,192 characters), or null while it is not computed.
 */
export const EmbeddingValue = z
  .union([
    z.array(z.number()).length(EMBEDDING_DIMENSIONS),
    z.string().regex(/^[A-Za-z0-9+/]{8192}$/),
    z.null(),
  ])
  .describe(
    "1536 numbers (json), a base64 string of 1536 float32 LE values (base64), or null if not computed yet",
  );

/** The two fields `include_embeddings=true` adds (only then). */
export const EmbeddingFields = {
  embedding: EmbeddingValue.optional(),
  embedding_model: z.string().nullable().optional(),
};
