import { toRealtimeItem } from "../articles/serialize";
import type { IngestResult, Store } from "../db/store";
import type { Article, EventDraft, NewArticle } from "../db/types";
import { nearDuplicateCheck } from "../dedup/near-duplicate";

export interface IngestContext {
  store: Store;
  /** Called after a commit that appended events, so live subscribers hear of them at once. */
  onAppended?: () => void;
}

/**
 * The `item.new` event for a newly stored article. The log stamps it with its emit time; the time given here, the
 * article's discovery time, is kept only by a log that keeps producers' times (a backfill on article time).
 */
export function itemNewEvent(a: Article): EventDraft {
  return {
    ts: a.discoveredAt,
    type: "item.new",
    clusterId: a.storyId ?? 0,
    articleId: a.id,
    payload: (id) => ({ type: "item.new", id, ts: a.discoveredAt, data: toRealtimeItem(a) }),
  };
}

const nearDuplicates = nearDuplicateCheck();

/**
 * Stores new articles and announces each once; articles whose canonical URL is known are returned as existing.
 * A new article repeating a recent one's text (the same wire story under another URL) is stored with
 * `duplicateOf` set, so it is not counted as independent reporting.
 */
export async function ingestArticles(ctx: IngestContext, articles: NewArticle[]): Promise<IngestResult> {
  if (articles.length === 0) return { inserted: [], existing: [] };
  const result = await ctx.store.articles.ingest(articles, itemNewEvent, nearDuplicates);
  if (result.inserted.length > 0) ctx.onAppended?.();
  return result;
}
