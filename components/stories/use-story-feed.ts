"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";

import { queryKeys } from "@/lib/query-keys";
import type { StoryFeed } from "@/lib/stories/story-feed";

import { apiFetch } from "../providers/api-fetch";
import { useEventStream } from "./use-event-stream";

/** The events that change what the feed shows: arrivals, story births and merges, developments, priorities, ranks. */
export const FEED_EVENT_TYPES = [
  "item.new",
  "cluster.event",
  "story.development",
  "story.priority_changed",
  "clusters.ranked",
] as const;

export type FeedView = "live" | "ranked";
export interface FeedSelection {
  view: FeedView;
  category: string | null;
}

export type StoryChange = "new" | "grew";
/** A feed as the browser holds it: which stories appeared or gained articles since the previous fetch, and when. */
export interface LiveStoryFeed extends StoryFeed {
  changes: Record<number, StoryChange>;
  fetchedAt: number;
}

/** Events come in bursts (a poll brings several articles): the feed is fetched at most once per this interval. */
const REFRESH_MS = 1_000;

function feedUrl(sel: FeedSelection): string {
  const q = new URLSearchParams({ view: sel.view });
  if (sel.category) q.set("category", sel.category);
  return `/api/internal/stories?${q}`;
}

function diff(prev: StoryFeed | undefined, next: StoryFeed): Record<number, StoryChange> {
  if (!prev) return {};
  const before = new Map(prev.stories.map((s) => [s.id, s.articleCount]));
  const changes: Record<number, StoryChange> = {};
  for (const s of next.stories) {
    const count = before.get(s.id);
    if (count === undefined) changes[s.id] = "new";
    else if (s.articleCount > count) changes[s.id] = "grew";
  }
  return changes;
}

/**
 * The dashboard's story feed: the server-rendered feed first, then kept current by the event stream. Each fetch
 * is compared with the one before it, so a story that just appeared or grew can be shown as such.
 */
export function useStoryFeed(initial: StoryFeed, initialSelection: FeedSelection, sinceId: number) {
  const [selection, setSelection] = useState(initialSelection);
  const client = useQueryClient();
  const key = queryKeys.storyFeed(selection.view, selection.category);
  const isInitial =
    selection.view === initialSelection.view && selection.category === initialSelection.category;
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<LiveStoryFeed> => {
      const next = await apiFetch<StoryFeed>(feedUrl(selection));
      const prev = client.getQueryData<LiveStoryFeed>(key);
      return { ...next, changes: diff(prev, next), fetchedAt: Date.now() };
    },
    initialData: isInitial ? { ...initial, changes: {}, fetchedAt: 0 } : undefined,
    placeholderData: keepPreviousData,
    // The stream says when the feed changes; the interval only covers a stream that cannot connect.
    staleTime: Infinity,
    refetchInterval: 60_000,
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: queryKeys.storyFeeds() });
    }, REFRESH_MS);
  }, [client]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const status = useEventStream(FEED_EVENT_TYPES, { onEvent: refresh, onOpen: refresh }, sinceId);

  const select = useCallback((next: FeedSelection) => {
    setSelection(next);
    // The address follows the filter (shareable, and kept on reload) without a server round trip.
    const q = new URLSearchParams();
    if (next.view !== "live") q.set("view", next.view);
    if (next.category) q.set("category", next.category);
    const search = q.toString();
    window.history.replaceState(null, "", search ? `?${search}` : window.location.pathname);
  }, []);

  return { feed: query.data, query, selection, select, status };
}
