"use client";

import { useEffect, useRef } from "react";

import type { StoryFeed as StoryFeedData } from "@/lib/stories/story-feed";
import { symbolList } from "@/lib/stories/ticker-chips";

import { Button } from "../ui/button";
import { Select } from "../ui/form";
import { NewspaperIcon } from "../ui/icons";
import { Segmented } from "../ui/segmented";
import { Alert, EmptyState, ErrorState } from "../ui/states";
import { LiveStatus } from "./live-status";
import { StoryCard } from "./story-card";
import { TickerFilter } from "./ticker-filter";
import { useStoryFeed, type FeedSelection, type FeedView } from "./use-story-feed";

const VIEWS: Array<{ value: FeedView; label: string }> = [
  { value: "live", label: "Moving now" },
  { value: "ranked", label: "Top ranked" },
];

const day = (ms: number) =>
  new Date(ms).toLocaleString("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

function changeSummary(changes: Record<number, string>): string {
  const values = Object.values(changes);
  const fresh = values.filter((c) => c === "new").length;
  const grew = values.length - fresh;
  const parts = [];
  if (fresh) parts.push(`${fresh} new ${fresh === 1 ? "story" : "stories"}`);
  if (grew) parts.push(`${grew} ${grew === 1 ? "story" : "stories"} updated`);
  return parts.join(", ");
}

/** The story feed: view and category controls, the live indicator and the stories, kept current without reload. */
export function StoryFeed({
  initial,
  selection: initialSelection,
  sinceId,
  categories,
  waiting,
}: {
  initial: StoryFeedData;
  selection: FeedSelection;
  sinceId: number;
  categories: readonly string[];
  /** What the empty feed says while no article has arrived at all. */
  waiting?: string;
}) {
  const { feed, query, selection, select, status } = useStoryFeed(
    initial,
    initialSelection,
    sinceId,
    categories,
  );
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The budget test measures the time to this point: the feed hydrated and its controls answer input.
    performance.mark("lede:feed-interactive");
    if (root.current) root.current.dataset.hydrated = "true";
  }, []);
  const data = feed ?? { ...initial, changes: {}, fetchedAt: 0 };
  return (
    <div ref={root} data-testid="story-feed" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented
          label="Order"
          options={VIEWS}
          value={selection.view}
          onChange={(view) => select({ ...selection, view })}
        />
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">Category</span>
            <Select
              className="h-9 w-44"
              value={selection.category ?? ""}
              onChange={(e) => select({ ...selection, category: e.target.value || null })}
            >
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c.charAt(0).toUpperCase() + c.slice(1)}
                </option>
              ))}
            </Select>
          </label>
          <TickerFilter
            tickers={selection.tickers}
            onChange={(tickers) => select({ ...selection, tickers })}
          />
          <LiveStatus status={status} />
        </div>
      </div>
      {data.archived ? (
        <Alert>
          No article arrived in the last 48 hours, so the feed shows the stories as they stood on{" "}
          <strong>{day(data.asOf)}</strong>, when the newest one arrived.
        </Alert>
      ) : null}
      <p role="status" className="sr-only">
        {changeSummary(data.changes)}
      </p>
      {query.isError ? (
        <ErrorState
          title="The stories could not be refreshed"
          message={query.error.message}
          action={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}
      {data.stories.length === 0 && selection.tickers.length ? (
        <EmptyState
          icon={<NewspaperIcon size={22} />}
          title={`No active story carries ${symbolList(selection.tickers)}`}
          action={
            <Button variant="secondary" size="sm" onClick={() => select({ ...selection, tickers: [] })}>
              Show every story
            </Button>
          }
        >
          No {selection.category ? `${selection.category} ` : ""}story that moved in the last 48 hours is
          tagged with {selection.tickers.length === 1 ? "this security" : "any of these securities"}. Check
          the symbols (AAPL, BTC, GC=F), or wait: stories are tagged as they form.
        </EmptyState>
      ) : data.stories.length === 0 ? (
        <EmptyState icon={<NewspaperIcon size={22} />} title="No stories here right now">
          {waiting && !selection.category
            ? waiting
            : selection.category
              ? `No ${selection.category} story moved in the last 48 hours. Pick another category, or wait: new stories appear here as they form.`
              : "No story moved in the last 48 hours. New stories appear here as soon as they form."}
        </EmptyState>
      ) : (
        <ol
          aria-label="Stories"
          aria-busy={query.isFetching}
          className={query.isPlaceholderData ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"}
        >
          {data.stories.map((s) => (
            <li key={s.id}>
              <StoryCard story={s} change={data.changes[s.id]} changedAt={data.fetchedAt} />
            </li>
          ))}
        </ol>
      )}
      {data.total > data.stories.length ? (
        <p className="text-muted text-center text-sm">
          Showing the top {data.stories.length} of {data.total.toLocaleString("en")} active stories.
        </p>
      ) : null}
    </div>
  );
}
