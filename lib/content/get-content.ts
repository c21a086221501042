import { z } from "zod";

import type { ArticleContentRecord, Store } from "../db/store";
import { NotFoundError } from "../errors";
import { qIntDefault } from "../validation/query";
import type { ContentExtractor } from "./content-extractor";
import { contentExtractorFor } from "./content-fetch";
import { toApiContent, type ApiContent } from "./serialize";

/** GET /v1/content query (contract §7.2). */
export const GetContentQuery = z.object({
  url_hash: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{16}$/, "must be 16 hexadecimal characters"),
  max_chars: qIntDefault(50_000, { min: 1, max: 200_000 }),
});
export type GetContentQuery = z.output<typeof GetContentQuery>;

/** A failed page is tried again on request once this long has passed since the last attempt. */
export const FAILED_RETRY_AFTER_MS = 15 * 60_000;

export interface ContentContext {
  store: Store;
  extractor?: ContentExtractor;
  now?: () => number;
}

/**
 * The article's extracted content. A page never extracted (or failed long enough ago) is fetched and extracted on
 * this request and stored; `has_content` and `no_content` results are served from the store from then on.
 */
export async function getContent(ctx: ContentContext, q: GetContentQuery): Promise<ApiContent> {
  const article = await ctx.store.articles.getByHash(q.url_hash);
  if (!article) throw new NotFoundError("article", q.url_hash);
  let content = await ctx.store.content.get(article.id);
  const now = ctx.now ?? Date.now;
  if (isStale(content, now())) {
    content = await (ctx.extractor ?? contentExtractorFor(ctx.store)).extract(article, now);
  }
  const tags = await ctx.store.content.tags(article.id);
  return toApiContent(article, content, tags, q.max_chars);
}

function isStale(content: ArticleContentRecord | null, now: number): boolean {
  if (!content) return true;
  return content.status === "failed" && now - (content.extractedAt ?? 0) >= FAILED_RETRY_AFTER_MS;
}
