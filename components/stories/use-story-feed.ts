"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

import { queryKeys } from "@/lib/query-keys";
import type { StoryFeed } from "@/lib/stories/story-feed";
import { parseTickerInput } from "@/lib/stories/ticker-chips";

import { apiFetch } from "../providers/api-fetch";
import { useLiveStream } from "./use-event-stream";

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
  /** Symbols, upper case: stories carrying any of them; empty for every story. */
  tickers: string[];
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
  if (sel.tickers.length) q.set("tickers", sel.tickers.join(","));
  return `/api/internal/stories?${q}`;
}

/** The page address of a selection: defaults left out, the symbols' commas kept readable (`tickers=AAPL,BTC`). */
function selectionSearch(sel: FeedSelection): string {
  const q = new URLSearchParams();
  if (sel.view !== "live") q.set("view", sel.view);
  if (sel.category) q.set("category", sel.category);
  const parts = q.toString() ? [q.toString()] : [];
  if (sel.tickers.length) parts.push(`tickers=${sel.tickers.map(encodeURIComponent).join(",")}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** The selection an address asks for (one reached by a link, such as a ticker chip, or by going back). */
function selectionFromParams(params: URLSearchParams, categories: readonly string[]): FeedSelection {
  const category = params.get("category");
  return {
    view: params.get("view") === "ranked" ? "ranked" : "live",
    category: category && categories.includes(category) ? category : null,
    tickers: parseTickerInput(params.get("tickers") ?? "").symbols,
  };
}

const selectionKey = (sel: FeedSelection) => `${sel.view}|${sel.category ?? ""}|${sel.tickers.join(",")}`;

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
export function useStoryFeed(
  initial: StoryFeed,
  initialSelection: FeedSelection,
  sinceId: number,
  categories: readonly string[],
) {
  const [selection, setSelection] = useState(initialSelection);
  const client = useQueryClient();
  const key = queryKeys.storyFeed(selection.view, selection.category, selection.tickers.join(","));
  const isInitial = selectionKey(selection) === selectionKey(initialSelection);
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
  const status = useLiveStream(
    FEED_EVENT_TYPES,
    { onEvent: refresh, onOpen: refresh },
    { sinceId, archived: query.data?.archived ?? initial.archived },
  );

  const select = useCallback((next: FeedSelection) => {
    setSelection(next);
    // The address follows the filter (shareable, and kept on reload) without a server round trip.
    const search = selectionSearch(next);
    window.history.replaceState(null, "", search || window.location.pathname);
  }, []);

  // A link to this page with other filters (a ticker chip on a card) or going back keeps this component mounted:
  // the selection follows the address. The address `select` writes parses back to the selection it came from.
  const params = useSearchParams();
  const search = params.toString();
  const seen = useRef(search);
  useEffect(() => {
    if (search === seen.current) return;
    seen.current = search;
    const next = selectionFromParams(new URLSearchParams(search), categories);
    setSelection((prev) => (selectionKey(prev) === selectionKey(next) ? prev : next));
  }, [search, categories]);

  return { feed: query.data, query, selection, select, status };
}
