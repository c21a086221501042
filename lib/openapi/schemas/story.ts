import { z } from "zod";

import { Article } from "./article";
import {
  Category,
  Count,
  DEVELOPMENT_SIGNIFICANCE,
  EmbeddingFields,
  ENTITY_TYPE,
  Id,
  Ms,
  Slug,
  STORY_LABEL,
  UPDATE_REASONS,
  UPDATE_SIGNIFICANCE,
  UrlHash,
} from "./common";
import { StoryTicker } from "./ticker";

const storyFields = {
  id: Id,
  slug: Slug,
  headline: z.string(),
  summary: z.string().describe("plain text, 1–3 sentences"),
  image_url: z.string().nullable(),
  article_count: z.number().int().min(1),
  sources: z.array(z.string()).max(20).describe("distinct source names, biggest contributors first"),
  category: Category,
  first_seen: Ms,
  last_updated: Ms,
  label: z.enum(STORY_LABEL).nullable(),
  tickers: z.array(StoryTicker).describe("the securities it concerns, most confident first; [] when none"),
};

/** Story summary shape (contract §6.2): `top_entities` as names. */
export const StorySummary = z
  .strictObject({
    ...storyFields,
    top_entities: z.array(z.string()).max(10).describe("entity names, most mentioned first"),
    ...EmbeddingFields,
  })
  .describe(
    "A story. `embedding` and `embedding_model` (the centre of its articles' vectors) are present only with include_embeddings=true.",
  );

/** The GET /v1/stories list variant: `top_entities` as `{name, type}` objects (contract §6.2, §12 #2). */
export const StoryListItem = z.strictObject({
  ...storyFields,
  top_entities: z.array(z.strictObject({ name: z.string(), type: z.enum(ENTITY_TYPE) })).max(10),
  ...EmbeddingFields,
});

/** Development (contract §6.4). */
export const Development = z.strictObject({
  id: Id,
  cluster_id: Id,
  created_at_ms: Ms,
  title: z.string(),
  description: z.string(),
  significance: z.enum(DEVELOPMENT_SIGNIFICANCE),
  previous_headline: z.string().nullable(),
  new_headline: z.string().nullable(),
  trigger_article_hashes: z.array(UrlHash),
  enrichment_seq: z.number().int().min(1),
});

/** Story detail (contract §6.3). */
export const StoryDetail = z.strictObject({
  ...StorySummary.shape,
  rich_summary: z.string().describe("Markdown"),
  articles: z.array(Article).describe("all members, published_at descending"),
  developments: z.array(Development).describe("created_at_ms ascending"),
});

export const ListStoriesResponse = z.strictObject({
  stories: z.array(StoryListItem),
  total: Count,
  has_more: z.boolean(),
});

export const RankedStoriesResponse = z.strictObject({ stories: z.array(StorySummary) });

export const DevelopmentsResponse = z.strictObject({ developments: z.array(Development), count: Count });

/** Story update report (contract §6.10). */
export const StoryUpdateReport = z.strictObject({
  cluster_id: Id,
  new_articles: z.array(
    z.strictObject({ url_hash: UrlHash, title: z.string(), source_name: z.string(), published_at: Ms }),
  ),
  new_article_count: Count,
  new_sources: z.array(z.string()),
  new_entities: z.array(z.string()),
  significance: z.enum(UPDATE_SIGNIFICANCE),
  significance_reasons: z.array(z.enum(UPDATE_REASONS)),
  baseline_member_count: Count,
  checked_at_ms: Ms,
});
