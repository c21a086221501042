import type { Store } from "../db/store";
import { PreparedJson } from "../serving/prepared-json";
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
/** Pages kept per store; the least recently built goes first. */
const MAX_PAGES = 1_000;

interface Page {
  builtAt: number;
  body: PreparedJson;
}

/**
 * Serialised story pages (the stories feed, ranked stories, story details), kept until the story-version counter
 * moves. The counter moves on every write to a story row by any process sharing the database (migration 008), so a
 * page is never served after the clustering batch that changed it has committed.
 */
export class StoryPages {
  private version = -1;
  private readonly pages = new Map<string, Page>();

  constructor(private readonly store: Store) {}

  async get(key: string, now: number, build: () => Promise<unknown>): Promise<PreparedJson> {
    // Read before building: a write after this read moves the counter, and the next request drops this page.
    const version = await this.store.stories.version();
    if (version !== this.version) {
      this.pages.clear();
      this.version = version;
    }
    const hit = this.pages.get(key);
    if (hit && now >= hit.builtAt && now - hit.builtAt < PAGE_TTL_MS) return hit.body;
    const body = PreparedJson.of(await build(), true);
    this.pages.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { builtAt: now, body });
    return body;
  }
}

const byStore = new WeakMap<Store, StoryPages>();

export function storyPages(store: Store): StoryPages {
  let pages = byStore.get(store);
  if (!pages) byStore.set(store, (pages = new StoryPages(store)));
  return pages;
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
