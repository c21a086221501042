import type { Article } from "../db/types";
import { stripTitleCredit } from "../text/publisher-credit";

/** The title readers see: the stored one without its publisher's credit ("… | Byteline"). */
export const shownTitle = (a: Pick<Article, "title" | "sourceName">) =>
  stripTitleCredit(a.title, [a.sourceName]);

/** REST Article (contract §6.1). `title` is shown without its publisher's credit; the stored title keeps it. */
export function toApiArticle(a: Article) {
  return {
    id: a.id,
    url_hash: a.urlHash,
    title: shownTitle(a),
    url: a.url,
    source_id: a.sourceId,
    source_name: a.sourceName,
    category: a.category,
    published_at: a.publishedAt,
    discovered_at: a.discoveredAt,
    excerpt: a.excerpt,
    image_url: a.imageUrl,
    content_status: a.contentStatus,
    headline_summary: a.headlineSummary,
    slug: a.slug,
    tickers: a.tickers ?? [],
  };
}
export type ApiArticle = ReturnType<typeof toApiArticle>;

/** Realtime item (contract §9.1): the REST fields with `source_id` as a string, plus three extras. */
export function toRealtimeItem(a: Article) {
  return {
    ...toApiArticle(a),
    source_id: String(a.sourceId),
    source_language: a.language ?? a.sourceLanguage,
    placeholder_image_url: null,
    video_url: null,
  };
}
