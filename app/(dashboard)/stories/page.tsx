import type { Metadata } from "next";

import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { StoryFeed } from "@/components/stories/story-feed";
import { NewspaperIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { CATEGORIES } from "@/lib/categories";
import { getAppContext } from "@/lib/context";
import { getStoryFeed, StoryFeedQuery } from "@/lib/stories/story-feed";

export const metadata: Metadata = { title: "Stories" };

export default async function StoriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSession("/stories");
  const { store } = await getAppContext();
  const raw = await searchParams;
  // A hand-edited address with a bad filter shows the default feed rather than an error.
  const parsed = StoryFeedQuery.safeParse({ view: raw.view, category: raw.category, tickers: raw.tickers });
  const query = parsed.success ? parsed.data : StoryFeedQuery.parse({});
  // The stream resumes after the last event the feed was computed with, so nothing falls in between.
  const sinceId = await store.events.lastId();
  const [counts, feed] = await Promise.all([
    pipelineCounts(store),
    getStoryFeed(store, query, requestTime()),
  ]);
  return (
    <>
      <PageHeader
        title="Stories"
        description="Articles from every source grouped into stories that grow as the news develops. The feed updates by itself."
      />
      {counts.sources === 0 ? (
        <PipelineEmptyState
          icon={<NewspaperIcon size={22} />}
          title="No stories yet"
          counts={counts}
          ready={null}
        />
      ) : (
        <StoryFeed
          initial={feed}
          selection={{ view: query.view, category: query.category ?? null, tickers: query.tickers ?? [] }}
          sinceId={sinceId}
          categories={CATEGORIES}
          waiting={
            counts.articles === 0
              ? `${counts.sources.toLocaleString("en")} sources are registered and no article has arrived yet. Stories appear here as soon as they form (feeds are polled when the server runs with LEDE_POLL_FEEDS=true).`
              : undefined
          }
        />
      )}
    </>
  );
}
