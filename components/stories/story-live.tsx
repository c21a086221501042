"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

import type { SlimEvent } from "@/lib/events/sse-relay";

import { ApiClientError, apiFetch } from "../providers/api-fetch";
import { Badge } from "../ui/badge";
import { LiveStatus } from "./live-status";
import { useLiveStream } from "./use-event-stream";

/** What the story page shows that can move: compared with the server's to know whether the page is behind. */
export interface StoryPulse {
  articleCount: number;
  lastUpdated: number;
  developments: number;
  priority: string;
}

/** GET /api/internal/stories/{id}. */
interface PulseBody {
  article_count: number;
  last_updated: number;
  developments: number;
}

/** Arrivals (an article joining a story sends no event of its own), births and merges, developments, priorities. */
const STORY_EVENT_TYPES = [
  "item.new",
  "cluster.event",
  "story.development",
  "story.priority_changed",
] as const;
/** While news arrives, the story is checked this often… */
const CHECK_MS = 1_000;
/** …until this long after the last arrival: clustering places an article a moment after its `item.new`. */
const SETTLE_MS = 10_000;
/** A stream that cannot connect still brings the page up to date this often. */
const FALLBACK_MS = 60_000;

const pulseKey = (p: { articleCount: number; lastUpdated: number; developments: number }) =>
  `${p.articleCount}:${p.lastUpdated}:${p.developments}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "2 new articles, 1 new development, priority now high": what changed between two renders of the page. */
function describeChange(before: StoryPulse, after: StoryPulse): string {
  const parts: string[] = [];
  const articles = after.articleCount - before.articleCount;
  const developments = after.developments - before.developments;
  if (articles > 0) parts.push(plural(articles, "new article"));
  if (developments > 0) parts.push(plural(developments, "new development"));
  if (after.priority !== before.priority) parts.push(`priority now ${after.priority}`);
  return parts.join(", ");
}

/**
 * Keeps the story page current without a reload: the live stream says when something may have moved, the page's
 * server components are rendered again (router.refresh keeps this page's state and scroll), and the change is
 * announced. Events naming this story refresh at once; other arrivals start a short run of cheap checks, because
 * an article joining a story has no event of its own.
 */
export function StoryLive({
  storyId,
  sinceId,
  archived,
  pulse,
}: {
  storyId: number;
  /** The last event id when the page was rendered: the stream replays what came after. */
  sinceId: number;
  archived: boolean;
  pulse: StoryPulse;
}) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  // The stream resumes from the first render's event id; a refreshed page must not reopen it.
  const [since] = useState(sinceId);

  // Shown: everything that changed since the page opened. Announced: what the last refresh changed (state from
  // props, without an effect).
  const [opened] = useState(pulse);
  const [seen, setSeen] = useState({ key: pulseKey(pulse) + pulse.priority, pulse });
  const [announce, setAnnounce] = useState("");
  const key = pulseKey(pulse) + pulse.priority;
  if (key !== seen.key) {
    setAnnounce(describeChange(seen.pulse, pulse));
    setSeen({ key, pulse });
  }
  const sinceOpened = describeChange(opened, pulse);

  const shown = useRef(pulse);
  const asked = useRef(pulseKey(pulse));
  const run = useRef<{ until: number; timer: ReturnType<typeof setTimeout> | null }>({
    until: 0,
    timer: null,
  });
  const soon = useRef<ReturnType<typeof setTimeout> | null>(null);
  const actions = useRef({ refresh: () => {}, poke: () => {} });
  useEffect(() => {
    shown.current = pulse;
  }, [pulse]);

  useEffect(() => {
    const refresh = () => startTransition(() => router.refresh());
    const check = async () => {
      try {
        const p = await apiFetch<PulseBody>(`/api/internal/stories/${storyId}`);
        const next = pulseKey({
          articleCount: p.article_count,
          lastUpdated: p.last_updated,
          developments: p.developments,
        });
        if (next === pulseKey(shown.current) || next === asked.current) return;
        asked.current = next;
        refresh();
      } catch (e) {
        // Gone (merged into another story): the page renders its not-found state, which links back to the feed.
        if (e instanceof ApiClientError && e.status === 404) refresh();
      }
    };
    const tick = () => {
      run.current.timer = null;
      void check().finally(() => {
        if (Date.now() < run.current.until && run.current.timer === null)
          run.current.timer = setTimeout(tick, CHECK_MS);
      });
    };
    const poke = () => {
      run.current.until = Date.now() + SETTLE_MS;
      if (run.current.timer === null) run.current.timer = setTimeout(tick, CHECK_MS);
    };
    actions.current = { refresh, poke };
    const fallback = setInterval(() => void check(), FALLBACK_MS);
    const pending = run.current;
    return () => {
      clearInterval(fallback);
      if (pending.timer !== null) clearTimeout(pending.timer);
      pending.timer = null;
      if (soon.current !== null) clearTimeout(soon.current);
    };
  }, [router, storyId]);

  const onEvent = (e: SlimEvent) => {
    if (e.type === "cluster.event" && e.action === "merge" && e.merged_cluster_ids?.includes(storyId)) {
      // This story was merged into another: follow it there.
      router.replace(`/stories/${e.cluster_id}`);
      return;
    }
    if (e.cluster_id === storyId && e.type !== "item.new") {
      // A development, a priority change or a split of this very story: render again once the burst is over.
      if (soon.current !== null) clearTimeout(soon.current);
      soon.current = setTimeout(() => {
        soon.current = null;
        actions.current.refresh();
      }, 300);
    }
    actions.current.poke();
  };
  const status = useLiveStream(
    STORY_EVENT_TYPES,
    { onEvent, onOpen: () => actions.current.poke() },
    { sinceId: since, archived },
  );

  return (
    <div className="flex items-center gap-3">
      {sinceOpened ? (
        <Badge tone="ok">
          <span data-testid="story-change" title="Since you opened this page">
            {sinceOpened}
          </span>
        </Badge>
      ) : null}
      <p role="status" className="sr-only">
        {announce}
      </p>
      <LiveStatus status={status} />
    </div>
  );
}
