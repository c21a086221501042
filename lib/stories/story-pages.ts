import type { Store } from "../db/store";
import { pagesOf, VersionedPages } from "../serving/versioned-pages";
import {
  getStoryDetail,
  listRankedStories,
  listStories,
  type ListStoriesQuery,
  type RankedStoriesQuery,
} from "./get-stories";

/**
 * How long a kept page may be served while no story has changed. Between writes a page still ages: velocities
 * decay and the 48-hour window moves, so a page is rebuilt at least this often.
 */
export const PAGE_TTL_MS = 2_000;
const byStore = new WeakMap<Store, VersionedPages>();

/**
 * Serialised story pages (the stories feed, ranked stories, story details), kept until the story-version counter
 * moves (migration 008), so a page is never served after the clustering batch that changed it has committed.
 */
export function storyPages(store: Store): VersionedPages {
  return pagesOf(byStore, store, () => new VersionedPages(() => store.stories.version(), PAGE_TTL_MS));
}

/** GET /v1/stories, serialised; pages with embeddings are built for each request. */
export async function storyListBody(store: Store, q: ListStoriesQuery, now: number) {
  if (q.include_embeddings) return listStories(store, q, now);
  const key = `list:${q.limit}:${q.offset}:${q.category ?? ""}:${q.tickers?.join(",") ?? ""}`;
  return storyPages(store).get(key, now, () => listStories(store, q, now));
}

/** GET /v1/stories/ranked, serialised. */
export async function rankedStoriesBody(store: Store, q: RankedStoriesQuery, now: number) {
  if (q.include_embeddings) return listRankedStories(store, q, now);
  return storyPages(store).get(`ranked:${q.limit}`, now, () => listRankedStories(store, q, now));
}

/** GET /v1/stories/{id}, serialised; a missing story throws as getStoryDetail does, and is not kept. */
export async function storyDetailBody(store: Store, idOrSlug: string, now: number) {
  return storyPages(store).get(`story:${idOrSlug}`, now, () => getStoryDetail(store, idOrSlug));
}
