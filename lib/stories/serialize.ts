import { toApiArticle } from "../articles/serialize";
import type { DevelopmentRecord, StoryRecord } from "../db/store";
import type { Article } from "../db/types";
import { stripTitleCredit } from "../text/publisher-credit";
import { plainSummary, richSummary } from "./summaries";

/** The headline readers see: the stored one without a publisher's credit ("… - Global Dispatch"). */
export const shownHeadline = (s: StoryRecord) => stripTitleCredit(s.headline, s.sources);

/** Story summary shape (contract §6.2): `top_entities` as names. */
export function toStorySummary(s: StoryRecord) {
  return {
    id: s.id,
    slug: s.slug,
    headline: shownHeadline(s),
    summary: plainSummary(s),
    image_url: s.imageUrl,
    article_count: s.articleCount,
    sources: s.sources,
    top_entities: s.topEntities.map((e) => e.name),
    category: s.category,
    first_seen: s.firstSeen,
    last_updated: s.lastUpdated,
    label: s.label,
    tickers: s.tickers ?? [],
  };
}

/** GET /v1/stories list variant: `top_entities` as `{name, type}` objects (contract §6.2, §12 #2). */
export function toStoryListItem(s: StoryRecord) {
  return { ...toStorySummary(s), top_entities: s.topEntities.map((e) => ({ name: e.name, type: e.type })) };
}

/** Story detail (contract §6.3). */
export function toStoryDetail(s: StoryRecord, members: Article[], developments: unknown[]) {
  return {
    ...toStorySummary(s),
    rich_summary: richSummary(s),
    articles: members.map(toApiArticle),
    developments,
  };
}

/** Development (contract §6.4). */
export function toApiDevelopment(d: DevelopmentRecord) {
  return {
    id: d.id,
    cluster_id: d.storyId,
    created_at_ms: d.createdAtMs,
    title: d.title,
    description: d.description,
    significance: d.significance,
    // Developments stored before credits were removed still carry them; outlet-shaped credits go here.
    previous_headline: d.previousHeadline === null ? null : stripTitleCredit(d.previousHeadline),
    new_headline: d.newHeadline === null ? null : stripTitleCredit(d.newHeadline),
    trigger_article_hashes: d.triggerArticleHashes,
    enrichment_seq: d.enrichmentSeq,
  };
}
