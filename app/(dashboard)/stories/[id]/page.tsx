import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { EntityTypeBadge } from "@/components/entities/entity-type-badge";
import { DevelopmentTimeline } from "@/components/stories/development-timeline";
import { MemberArticles } from "@/components/stories/member-articles";
import { CategoryBadge, PriorityBadge, StoryLabel } from "@/components/stories/story-badges";
import { StoryEntityGraph } from "@/components/stories/story-entity-graph";
import { StoryLive } from "@/components/stories/story-live";
import { StoryMarkdown } from "@/components/stories/story-markdown";
import { StoryTickerList } from "@/components/stories/story-tickers";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { When } from "@/components/ui/when";
import { currentSession, requestTime, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { isDomainError } from "@/lib/errors";
import { storyEntityElements } from "@/lib/graph/cytoscape-elements";
import { storyEntityGraph } from "@/lib/graph/story-entity";
import { showsPriority } from "@/lib/stories/card-badges";
import { getStoryOrThrow } from "@/lib/stories/get-stories";
import { groupDuplicates } from "@/lib/stories/member-groups";
import { shownHeadline, toApiDevelopment, toStoryDetail } from "@/lib/stories/serialize";
import { feedTime } from "@/lib/stories/story-feed";
import { firstValue, qIntDefault } from "@/lib/validation/query";

type Params = { params: Promise<{ id: string }> };
type Props = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Reports listed per page: a story of hundreds of articles is paged, never one page of a megabyte. */
const REPORTS_SHOWN = 50;
const ReportsOffset = qIntDefault(0, { min: 0 });

async function loadStory(id: string) {
  const { store } = await getAppContext();
  try {
    return { store, story: await getStoryOrThrow(store, id) };
  } catch (e) {
    // Unknown ids and stories merged into another are both "not found" (contract §7.1).
    if (isDomainError(e) && e.code === "not_found") notFound();
    throw e;
  }
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  // News pages are for signed-in users: a signed-out visitor is sent to sign in and learns nothing of the story,
  // not even its headline in the title.
  if (!(await currentSession())) return { title: "Sign in" };
  const { id } = await params;
  const { store } = await getAppContext();
  const story = await getStoryOrThrow(store, id).catch(() => null);
  return { title: story ? shownHeadline(story) : "Story" };
}

export default async function StoryPage({ params, searchParams }: Props) {
  const { id } = await params;
  const requestedOffset = ReportsOffset.safeParse(firstValue((await searchParams).offset)).data ?? 0;
  await requireSession(`/stories/${encodeURIComponent(id)}`);
  const { store } = await getAppContext();
  // The stream resumes after the last event the page was computed with, so nothing falls in between.
  const sinceId = await store.events.lastId();
  const { story } = await loadStory(id);
  const [records, members, graph, time, [dynamics]] = await Promise.all([
    store.stories.developments(story.id),
    store.stories.members(story.id),
    storyEntityGraph(store, { story_id: story.id, limit: 30 }),
    feedTime(store, requestTime()),
    store.dynamics.snapshots([story.id]),
  ]);
  const developments = records.map(toApiDevelopment);
  // The API's detail without its article list: the members are shown grouped, below.
  const detail = toStoryDetail(story, [], developments);
  const priority = dynamics?.priority ?? "low";
  const groups = groupDuplicates(members);
  const copies = members.length - groups.length;
  // An offset past the end (a link kept while the story was merged down) shows the last page, not an empty list.
  const lastPage = Math.max(0, Math.ceil(groups.length / REPORTS_SHOWN) - 1) * REPORTS_SHOWN;
  const offset = Math.min(requestedOffset, lastPage);
  // The story record names its 20 biggest contributors; the members count every source.
  const sourceCount = new Set(members.map((m) => m.sourceId)).size;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-muted mb-3 flex min-w-0 gap-1.5 text-sm">
        <Link href="/stories" className="hover:text-fg shrink-0 underline underline-offset-4">
          Stories
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page" className="text-fg min-w-0 truncate" title={detail.headline}>
          {detail.headline}
        </span>
      </nav>
      <header className="mb-6">
        <div className="flex flex-wrap items-center gap-2">
          <StoryLabel label={detail.label} />
          {showsPriority(detail.label, priority) ? <PriorityBadge priority={priority} /> : null}
          <CategoryBadge category={detail.category} />
          <div className="ml-auto">
            <StoryLive
              storyId={detail.id}
              sinceId={sinceId}
              archived={time.archived}
              pulse={{
                articleCount: detail.article_count,
                lastUpdated: detail.last_updated,
                developments: developments.length,
                priority,
              }}
            />
          </div>
        </div>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{detail.headline}</h1>
        <p
          className="text-muted mt-2 text-sm"
          data-testid="story-counts"
          data-article-count={detail.article_count}
        >
          {detail.article_count.toLocaleString("en")} articles from {sourceCount} sources
          {copies ? ` (${copies} syndicated ${copies === 1 ? "copy" : "copies"})` : ""} · first seen{" "}
          <When ms={detail.first_seen} /> · updated <When ms={detail.last_updated} />
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Card aria-labelledby="summary-title">
            <CardHeader id="summary-title" title="Summary" />
            <CardBody>
              <StoryMarkdown markdown={detail.rich_summary} />
            </CardBody>
          </Card>
          <Card aria-labelledby="timeline-title">
            <CardHeader
              id="timeline-title"
              title="Developments"
              description="How the story moved: new facts, new voices and headline changes, oldest first."
            />
            <CardBody>
              {developments.length ? (
                <DevelopmentTimeline developments={developments} />
              ) : (
                <p className="text-muted text-sm">
                  No development yet: the story has not changed since it was first reported.
                </p>
              )}
            </CardBody>
          </Card>
          <Card aria-labelledby="articles-title">
            <CardHeader
              id="articles-title"
              title="Articles"
              description={`${groups.length} independent reports, newest first.`}
            />
            <CardBody>
              <MemberArticles groups={groups.slice(offset, offset + REPORTS_SHOWN)} />
              <Pager
                path={`/stories/${detail.id}`}
                params={{}}
                offset={offset}
                limit={REPORTS_SHOWN}
                total={groups.length}
              />
            </CardBody>
          </Card>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {detail.tickers.length ? (
            <Card aria-labelledby="securities-title">
              <CardHeader
                id="securities-title"
                title="Securities"
                description="What the coverage says of each security the story concerns; select one for its other stories."
              />
              <CardBody>
                <StoryTickerList tickers={detail.tickers} />
              </CardBody>
            </Card>
          ) : null}
          <Card aria-labelledby="graph-title">
            <CardHeader
              id="graph-title"
              title="Who and where"
              description="The story's most-mentioned entities; select one to open it."
            />
            <CardBody>
              {graph.entities.length ? (
                <StoryEntityGraph
                  elements={storyEntityElements(graph)}
                  label={`Graph of the story and ${graph.entities.length} entities it mentions`}
                />
              ) : (
                <p className="text-muted text-sm">No people, organisations or places extracted yet.</p>
              )}
            </CardBody>
          </Card>
          {graph.entities.length ? (
            <Card aria-labelledby="entities-title">
              <CardHeader id="entities-title" title="Entities" />
              <CardBody>
                <ul className="space-y-2 text-sm" data-testid="story-entities">
                  {graph.entities.map((e, i) => (
                    <li key={e.id} className="flex items-center gap-2">
                      <EntityTypeBadge type={e.type} />
                      <Link
                        href={`/entities/${e.id}`}
                        className="min-w-0 truncate underline underline-offset-4 hover:decoration-2"
                      >
                        {e.name}
                      </Link>
                      <span className="text-muted ml-auto text-xs tabular-nums">
                        {graph.edges[i]?.mention_count ?? 0} mentions
                      </span>
                    </li>
                  ))}
                </ul>
              </CardBody>
            </Card>
          ) : null}
          <Card aria-labelledby="sources-title">
            <CardHeader id="sources-title" title="Sources" />
            <CardBody>
              <ul className="flex flex-wrap gap-2 text-sm">
                {detail.sources.map((s) => (
                  <li key={s} className="border-line bg-subtle rounded-full border px-2.5 py-0.5">
                    {s}
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
