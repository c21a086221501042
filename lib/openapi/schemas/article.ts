import { z } from "zod";

import { Category, CONTENT_STATUS, Count, EmbeddingFields, Id, Ms, Slug, Unit, UrlHash } from "./common";
import { ArticleTicker } from "./ticker";

/** REST Article (contract §6.1). */
export const Article = z
  .strictObject({
    id: Id,
    url_hash: UrlHash,
    title: z.string(),
    url: z.url(),
    source_id: Id,
    source_name: z.string(),
    category: Category,
    published_at: Ms.describe("0 when the publisher gives no date"),
    discovered_at: Ms,
    excerpt: z.string().nullable(),
    image_url: z.string().nullable(),
    content_status: z.enum(CONTENT_STATUS),
    headline_summary: z.string().nullable(),
    slug: Slug,
    tickers: z
      .array(ArticleTicker)
      .describe("the securities it concerns, most confident first; [] when none"),
    ...EmbeddingFields,
  })
  .describe("An article. `embedding` and `embedding_model` are present only with include_embeddings=true.");

/** GET /v1/items and GET /v1/entities/{id}/articles. */
export const ArticlePage = z.strictObject({
  items: z.array(Article),
  total: Count,
  offset: Count,
  limit: z.number().int().min(1),
});

export const ItemResponse = z.strictObject({ item: Article });

/** GET /v1/related: a bare array, nearest first. */
export const RelatedResponse = z.array(Article);

/** Article content (contract §6.9). */
export const ArticleContent = z.strictObject({
  ok: z.boolean(),
  url_hash: UrlHash,
  final_url: z.string(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  video_url: z.string().nullable(),
  extracted_title: z.string().nullable(),
  text: z.string(),
  extracted_at: Ms.nullable(),
  truncated: z.boolean(),
  headline_summary: z.string().nullable(),
  full_summary: z.string().nullable(),
  tags: z.array(z.strictObject({ tag: z.string(), score: Unit })),
});
