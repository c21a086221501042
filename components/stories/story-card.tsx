"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

import { showsPriority } from "@/lib/stories/card-badges";
import type { FeedStory } from "@/lib/stories/story-feed";

import { Badge } from "../ui/badge";
import { cn } from "../ui/cn";
import { When } from "../ui/when";
import { useReducedMotion } from "../usage/use-reduced-motion";
import { CategoryBadge, PriorityBadge, StoryLabel } from "./story-badges";
import { CardTickers } from "./story-tickers";
import type { StoryChange } from "./use-story-feed";

const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/** One story of the feed. A story that just appeared slides in; one that just grew flashes its article count. */
export function StoryCard({
  story,
  change,
  changedAt,
}: {
  story: FeedStory;
  change?: StoryChange;
  /** When the change was seen: each new sighting plays the animation once. */
  changedAt: number;
}) {
  const ref = useRef<HTMLElement>(null);
  const reduced = useReducedMotion();
  useEffect(() => {
    const el = ref.current;
    if (!change || !el || reduced || typeof el.animate !== "function") return;
    const frames =
      change === "new"
        ? [
            { opacity: 0, transform: "translateY(-16px)" },
            { opacity: 1, transform: "none" },
          ]
        : [{ boxShadow: "0 0 0 3px var(--lede-accent)" }, { boxShadow: "0 0 0 0 transparent" }];
    const anim = el.animate(frames, { duration: change === "new" ? 450 : 1200, easing: "ease-out" });
    return () => anim.cancel();
  }, [change, changedAt, reduced]);
  const breaking = story.label === "Breaking" || story.priority === "breaking";
  return (
    <article
      ref={ref}
      data-testid="story-card"
      data-story-id={story.id}
      data-article-count={story.articleCount}
      data-category={story.category}
      data-tickers={story.tickers.map((t) => t.symbol).join(",")}
      aria-labelledby={`story-${story.id}`}
      className={cn(
        "border-line bg-surface rounded-xl border p-4 shadow-xs sm:p-5",
        breaking && "border-l-danger border-l-4",
      )}
    >
      <div className="text-muted flex flex-wrap items-center gap-2 text-xs">
        <StoryLabel label={story.label} />
        {showsPriority(story.label, story.priority) ? <PriorityBadge priority={story.priority} /> : null}
        <CategoryBadge category={story.category} />
        {change ? <Badge tone="ok">{change === "new" ? "New" : "Updated"}</Badge> : null}
        <span className="ml-auto whitespace-nowrap">
          Updated <When ms={story.lastUpdated} />
        </span>
      </div>
      <h3 id={`story-${story.id}`} className="mt-2 text-base leading-snug font-semibold sm:text-lg">
        <Link href={`/stories/${story.id}`} className="hover:text-accent underline-offset-4 hover:underline">
          {story.headline}
        </Link>
      </h3>
      {/* A summary that only restates the headline and the counts below (the generated fallback) is left out. */}
      {story.summary.startsWith(story.headline) ? null : (
        <p className="text-muted mt-1 line-clamp-2 text-sm">{story.summary}</p>
      )}
      <dl className="text-muted mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <div>
          <dt className="sr-only">Articles</dt>
          <dd className="text-fg font-medium tabular-nums">{plural(story.articleCount, "article")}</dd>
        </div>
        <div>
          <dt className="sr-only">Sources</dt>
          <dd>
            <span className="text-fg font-medium tabular-nums">{plural(story.sourceCount, "source")}</span>
            {story.sources.length ? `: ${story.sources.slice(0, 3).join(", ")}` : ""}
            {story.sourceCount > 3 ? "…" : ""}
          </dd>
        </div>
        {story.topEntities.length ? (
          <div className="min-w-0">
            <dt className="sr-only">Entities</dt>
            <dd className="truncate">{story.topEntities.map((e) => e.name).join(" · ")}</dd>
          </div>
        ) : null}
      </dl>
      <CardTickers storyId={story.id} tickers={story.tickers} />
    </article>
  );
}
