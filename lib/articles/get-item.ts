import { z } from "zod";

import type { Store } from "../db/store";
import type { Article } from "../db/types";
import { NotFoundError } from "../errors";
import { toApiArticle } from "./serialize";

// url_hash values are lower-case hex (contract §2); upper case is accepted and folded.
export const UrlHash = z.string().trim().toLowerCase().min(1, "must not be empty");

/** GET /v1/item query (contract §7.2): exactly one of url_hash and slug. */
export const ItemQuery = z
  .object({
    url_hash: UrlHash.optional(),
    slug: z.string().trim().min(1, "must not be empty").optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.url_hash === undefined) === (q.slug === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [q.url_hash === undefined ? "url_hash" : "slug"],
        message: "give exactly one of url_hash and slug",
      });
    }
  });
export type ItemQuery = z.output<typeof ItemQuery>;

/** An article by url_hash, or 404. */
export async function getArticleOrThrow(store: Store, urlHash: string): Promise<Article> {
  const article = await store.articles.getByHash(urlHash);
  if (!article) throw new NotFoundError("article", urlHash);
  return article;
}

/** GET /v1/item: `{item: Article}` by url_hash or slug. */
export async function getItem(store: Store, q: ItemQuery) {
  if (q.url_hash !== undefined) return { item: toApiArticle(await getArticleOrThrow(store, q.url_hash)) };
  const slug = q.slug as string; // the schema guarantees one of the two
  const article = await store.articles.getBySlug(slug);
  if (!article) throw new NotFoundError("article", slug);
  return { item: toApiArticle(article) };
}
