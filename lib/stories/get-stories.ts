import { z } from "zod";

import type { Store } from "../db/store";
import { withVectors } from "../embeddings/attach-vectors";
import type { EmbeddingFormat } from "../embeddings/encode";
import { NotFoundError } from "../errors";
import { qBool, qEnumDefault, qIntDefault, qSymbols } from "../validation/query";
import { toApiDevelopment, toStoryDetail, toStoryListItem, toStorySummary } from "./serialize";

export const ACTIVE_WINDOW_MS = 48 * 3_600_000;

/** GET /v1/stories query (contract §7.1). */
export const ListStoriesQuery = z.object({
  limit: qIntDefault(20, { min: 1, max: 100 }),
  offset: qIntDefault(0, { min: 0 }),
  category: z.string().trim().toLowerCase().optional(),
  tickers: qSymbols(),
  include_embeddings: qBool(),
  embedding_format: qEnumDefault(["json", "base64"], "json"),
});
export type ListStoriesQuery = z.output<typeof ListStoriesQuery>;

export const StoryParams = z.object({ id: z.string().min(1) });
export const StoryQuery = z.object({
  include_embeddings: qBool(),
  embedding_format: qEnumDefault(["json", "base64"], "json"),
});

/** GET /v1/stories/ranked query (contract §7.1). */
export const RankedStoriesQuery = z.object({
  limit: qIntDefault(20, { min: 1, max: 100 }),
  include_embeddings: qBool(),
  embedding_format: qEnumDefault(["json", "base64"], "json"),
});
export type RankedStoriesQuery = z.output<typeof RankedStoriesQuery>;

/** Top stories by overall rank (relevance × recency), the same score `clusters.ranked` publishes. */
export async function listRankedStories(store: Store, q: RankedStoriesQuery, now: number) {
  const top = await store.dynamics.ranked({ now, since: now - ACTIVE_WINDOW_MS, limit: q.limit });
  const stories = top.map(toStorySummary);
  if (!q.include_embeddings) return { stories };
  return { stories: await storyVectors(store, stories, q.embedding_format) };
}

/** A story's developments in timeline order (contract §7.1). */
export async function listDevelopments(store: Store, idOrSlug: string) {
  const story = await getStoryOrThrow(store, idOrSlug);
  const developments = (await store.stories.developments(story.id)).map(toApiDevelopment);
  return { developments, count: developments.length };
}

/** Active stories (updated within 48 h), fastest first. */
export async function listStories(store: Store, q: ListStoriesQuery, now: number) {
  const { stories, total } = await store.stories.listActive({
    since: now - ACTIVE_WINDOW_MS,
    now,
    category: q.category,
    tickers: q.tickers,
    limit: q.limit,
    offset: q.offset,
  });
  const list = stories.map(toStoryListItem);
  const items = q.include_embeddings ? await storyVectors(store, list, q.embedding_format) : list;
  return { stories: items, total, has_more: q.offset + stories.length < total };
}

/** A story by integer id or slug; merged-away stories answer 404 (contract §7.1). */
export async function getStoryOrThrow(store: Store, idOrSlug: string) {
  const key = /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug;
  const story = await store.stories.get(key);
  if (!story || story.mergedInto !== null) throw new NotFoundError("story", idOrSlug);
  return story;
}

export async function getStoryDetail(
  store: Store,
  idOrSlug: string,
  includeEmbeddings = false,
  format: EmbeddingFormat = "json",
) {
  const story = await getStoryOrThrow(store, idOrSlug);
  const members = await store.stories.members(story.id);
  const developments = (await store.stories.developments(story.id)).map(toApiDevelopment);
  const detail = toStoryDetail(story, members, developments);
  if (!includeEmbeddings) return detail;
  const [withCentroid] = await storyVectors(store, [detail], format);
  const articles = await withVectors(
    store,
    "article",
    detail.articles.map((a, i) => ({ id: members[i]!.id, value: a })),
    format,
  );
  return { ...withCentroid!, articles };
}

/** Stories with their centroid (contract §6.15), null while none is computed. */
function storyVectors<T extends { id: number }>(store: Store, stories: T[], format: EmbeddingFormat) {
  return withVectors(
    store,
    "story",
    stories.map((s) => ({ id: s.id, value: s })),
    format,
  );
}
