import type { ArticleContentRecord } from "../db/store";
import type { Article } from "../db/types";

/** Article content (contract §6.9), with `text` cut to `maxChars` characters. */
export function toApiContent(
  article: Article,
  content: ArticleContentRecord | null,
  tags: Array<{ tag: string; score: number }>,
  maxChars: number,
) {
  const ok = content?.status === "has_content";
  const full = ok ? content.text : "";
  const text = cutAt(full, maxChars);
  return {
    ok,
    url_hash: article.urlHash,
    final_url: content?.finalUrl ?? article.url,
    image_url: content?.imageUrl ?? null,
    thumb_url: content?.thumbUrl ?? null,
    video_url: content?.videoUrl ?? null,
    extracted_title: content?.extractedTitle ?? null,
    text,
    extracted_at: content?.extractedAt ?? null,
    truncated: text.length < full.length,
    headline_summary: article.headlineSummary,
    full_summary: content?.fullSummary ?? null,
    tags: tags.map((t) => ({ tag: t.tag, score: Math.min(1, Math.max(0, t.score)) })),
  };
}
export type ApiContent = ReturnType<typeof toApiContent>;

/** The first `max` UTF-16 units, one fewer when that would split a surrogate pair. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
