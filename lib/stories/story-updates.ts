import { z } from "zod";

import type { Store } from "../db/store";
import { qIntRequired } from "../validation/query";
import { getStoryOrThrow } from "./get-stories";

/** GET /v1/stories/{id}/updates query (contract §7.1). */
export const StoryUpdatesQuery = z.object({ since_ms: qIntRequired({ min: 0 }) });

export type UpdateSignificance = "none" | "minor" | "moderate" | "major";
export type UpdateReason =
  | "new_articles"
  | "new_sources"
  | "new_entities"
  | "headline_changed"
  | "new_development"
  | "velocity_spike";

export interface StoryUpdateReport {
  cluster_id: number;
  new_articles: Array<{ url_hash: string; title: string; source_name: string; published_at: number }>;
  new_article_count: number;
  new_sources: string[];
  new_entities: string[];
  significance: UpdateSignificance;
  significance_reasons: UpdateReason[];
  baseline_member_count: number;
  checked_at_ms: number;
}

const RANK: Record<UpdateSignificance, number> = { none: 0, minor: 1, moderate: 2, major: 3 };
const max = (a: UpdateSignificance, b: UpdateSignificance) => (RANK[b] > RANK[a] ? b : a);

/**
 * What changed in a story since `since_ms` (contract §6.10), computed from its recorded history: members by the
 * time they were added (discovered), developments and headline changes by their own times, priority rises from
 * the event log. Significance:
 * - `major`: a major development, or the story rose to `breaking` priority;
 * - `moderate`: a moderate development, a headline change, or 3+ new sources;
 * - `minor`: anything else new (articles, sources, entities, minor developments);
 * - `none`: nothing new.
 */
export async function storyUpdates(
  store: Store,
  idOrSlug: string,
  sinceMs: number,
  now: number,
): Promise<StoryUpdateReport> {
  const story = await getStoryOrThrow(store, idOrSlug);
  const h = await store.stories.history(story.id, sinceMs);
  const empty: StoryUpdateReport = {
    cluster_id: story.id,
    new_articles: [],
    new_article_count: 0,
    new_sources: [],
    new_entities: [],
    significance: "none",
    significance_reasons: [],
    baseline_member_count: h.baselineCount,
    checked_at_ms: now,
  };
  if (sinceMs > now) return empty;
  const reasons: UpdateReason[] = [];
  let significance: UpdateSignificance = "none";
  if (h.newArticles.length) {
    reasons.push("new_articles");
    significance = max(significance, "minor");
  }
  if (h.newSources.length) {
    reasons.push("new_sources");
    significance = max(significance, h.newSources.length >= 3 ? "moderate" : "minor");
  }
  if (h.newEntities.length) {
    reasons.push("new_entities");
    significance = max(significance, "minor");
  }
  if (h.headlineChanged) {
    reasons.push("headline_changed");
    significance = max(significance, "moderate");
  }
  if (h.developmentSignificances.length) {
    reasons.push("new_development");
    for (const s of h.developmentSignificances)
      if (s === "minor" || s === "moderate" || s === "major") significance = max(significance, s);
  }
  if (h.priorityRises.length) {
    reasons.push("velocity_spike");
    significance = max(significance, h.priorityRises.includes("breaking") ? "major" : "moderate");
  }
  return {
    ...empty,
    new_articles: h.newArticles.map((a) => ({
      url_hash: a.urlHash,
      title: a.title,
      source_name: a.sourceName,
      published_at: a.publishedAt,
    })),
    new_article_count: h.newArticles.length,
    new_sources: h.newSources,
    new_entities: h.newEntities,
    significance,
    significance_reasons: reasons,
  };
}
