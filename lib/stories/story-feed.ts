import { z } from "zod";

import { CATEGORIES } from "../categories";
import type { Store, StoryRecord } from "../db/store";
import type { ScoredTicker } from "../tickers/story-tickers";
import { qEnum, qEnumDefault, qIntDefault, qSymbols } from "../validation/query";
import { ACTIVE_WINDOW_MS } from "./get-stories";
import { shownHeadline } from "./serialize";
import { plainSummary } from "./summaries";

/** The dashboard's story feed: `live` is GET /v1/stories' order (fastest first), `ranked` is /v1/stories/ranked. */
export const StoryFeedQuery = z.object({
  view: qEnumDefault(["live", "ranked"], "live"),
  category: qEnum(CATEGORIES),
  /** Symbols (`AAPL,BTC`): stories carrying any of them, as GET /v1/stories?tickers= reads it. */
  tickers: qSymbols(),
  limit: qIntDefault(30, { min: 1, max: 100 }),
});
export type StoryFeedQuery = z.output<typeof StoryFeedQuery>;

export const PRIORITIES = ["low", "medium", "high", "breaking"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface FeedStory {
  id: number;
  slug: string;
  headline: string;
  summary: string;
  category: string;
  label: string | null;
  priority: Priority;
  articleCount: number;
  /** Distinct sources of all the story's articles. */
  sourceCount: number;
  sources: string[];
  topEntities: Array<{ name: string; type: string }>;
  /** The securities the story concerns, most confident first (lib/tickers); empty when none. */
  tickers: ScoredTicker[];
  imageUrl: string | null;
  firstSeen: number;
  lastUpdated: number;
}

export interface StoryFeed {
  stories: FeedStory[];
  total: number;
  /** The time the feed is computed at: now, or the newest article's time for an archive (see `archived`). */
  asOf: number;
  /**
   * No article arrived within the active window (48 h): an imported archive, or a server that stopped polling.
   * The feed is then shown as it stood when the newest article arrived, rather than empty.
   */
  archived: boolean;
}

/** Stories of the active window whose priority the live view can show; later ones in rank order show `low`. */
const PRIORITY_WINDOW = 5_000;

const asPriority = (p: string | undefined): Priority =>
  (PRIORITIES as readonly string[]).includes(p ?? "") ? (p as Priority) : "low";

function toFeedStory(s: StoryRecord, priority: string | undefined): FeedStory {
  return {
    id: s.id,
    slug: s.slug,
    headline: shownHeadline(s),
    summary: plainSummary(s),
    category: s.category,
    label: s.label,
    priority: asPriority(priority),
    articleCount: s.articleCount,
    sourceCount: s.sourceCount,
    sources: s.sources.slice(0, 5),
    topEntities: s.topEntities.slice(0, 5),
    tickers: s.tickers ?? [],
    imageUrl: s.imageUrl,
    firstSeen: s.firstSeen,
    lastUpdated: s.lastUpdated,
  };
}

/** The feed time: now, unless nothing arrived within the active window and an older article exists. */
export async function feedTime(store: Store, now: number): Promise<{ asOf: number; archived: boolean }> {
  const latest = await store.stories.latestArticleTime();
  if (latest > 0 && latest < now - ACTIVE_WINDOW_MS) return { asOf: latest, archived: true };
  return { asOf: now, archived: false };
}

/** The stories of the dashboard feed, with their priority and label, in the order the view asks for. */
export async function getStoryFeed(store: Store, q: StoryFeedQuery, now: number): Promise<StoryFeed> {
  const { asOf, archived } = await feedTime(store, now);
  const since = asOf - ACTIVE_WINDOW_MS;
  if (q.view === "ranked") {
    // Ranked stories are not filtered by category in the API; the feed filters after ranking a wider pool.
    const pool = await store.dynamics.ranked({
      now: asOf,
      since,
      limit: q.category ? 100 : q.limit,
      tickers: q.tickers,
    });
    const stories = pool.filter((s) => !q.category || s.category === q.category).slice(0, q.limit);
    return { stories: stories.map((s) => toFeedStory(s, s.priority)), total: stories.length, asOf, archived };
  }
  const { stories, total } = await store.stories.listActive({
    since,
    now: asOf,
    category: q.category,
    tickers: q.tickers,
    limit: q.limit,
    offset: 0,
  });
  // Priorities come with the ranking, which reads only the window's stories (a few thousand on a busy day).
  const window = await store.dynamics.ranked({ now: asOf, since, limit: PRIORITY_WINDOW });
  const priority = new Map(window.map((s) => [s.id, s.priority]));
  return { stories: stories.map((s) => toFeedStory(s, priority.get(s.id))), total, asOf, archived };
}
