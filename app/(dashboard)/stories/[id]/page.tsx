import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { EntityTypeBadge } from "@/components/entities/entity-type-badge";
import { DevelopmentTimeline } from "@/components/stories/development-timeline";
import { MemberArticles } from "@/components/stories/member-articles";
import { CategoryBadge, StoryLabel } from "@/components/stories/story-badges";
import { StoryEntityGraph } from "@/components/stories/story-entity-graph";
import { StoryMarkdown } from "@/components/stories/story-markdown";
import { StoryTickerList } from "@/components/stories/story-tickers";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { currentSession, requestTime, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { isDomainError } from "@/lib/errors";
import { storyEntityElements } from "@/lib/graph/cytoscape-elements";
import { storyEntityGraph } from "@/lib/graph/story-entity";
import { getStoryDetail, getStoryOrThrow, listDevelopments } from "@/lib/stories/get-stories";
import { groupDuplicates } from "@/lib/stories/member-groups";
import { feedTime } from "@/lib/stories/story-feed";

type Params = { params: Promise<{ id: string }> };
type Props = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Reports listed before "show all": a story of hundreds of articles stays a page, not a megabyte. */
const REPORTS_SHOWN = 50;

async function loadStory(id: string) {
  const { store } = await getAppContext();
  try {
    return { store, detail: await getStoryDetail(store, id) };
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
  return { title: story ? story.headline : "Story" };
}

export default async function StoryPage({ params, searchParams }: Props) {
  const { id } = await params;
  const showAll = (await searchParams).articles === "all";
  await requireSession(`/stories/${encodeURIComponent(id)}`);
  const { store, detail } = await loadStory(id);
  const [{ developments }, members, graph, time] = await Promise.all([
    listDevelopments(store, String(detail.id)),
    store.stories.members(detail.id),
    storyEntityGraph(store, { story_id: detail.id, limit: 30 }),
    feedTime(store, requestTime()),
  ]);
  const groups = groupDuplicates(members);
  const now = time.archived ? time.asOf : undefined;
  const copies = members.length - groups.length;
  // The story record names its 20 biggest contributors; the members count every source.
  const sourceCount = new Set(members.map((m) => m.sourceId)).size;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-muted mb-3 text-sm">
        <Link href="/stories" className="hover:text-fg underline underline-offset-4">
          Stories
        </Link>{" "}
        / Story {detail.id}
      </nav>
      <header className="mb-6">
        <div className="flex flex-wrap items-center gap-2">
          <StoryLabel label={detail.label} />
          <CategoryBadge category={detail.category} />
        </div>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{detail.headline}</h1>
        <p className="text-muted mt-2 text-sm">
          {detail.article_count.toLocaleString("en")} articles from {sourceCount} sources
          {copies ? ` (${copies} syndicated ${copies === 1 ? "copy" : "copies"})` : ""} · first seen{" "}
          <RelativeTime ms={detail.first_seen} now={now} /> · updated{" "}
          <RelativeTime ms={detail.last_updated} now={now} />
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
                <DevelopmentTimeline developments={developments} now={now} />
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
              <MemberArticles groups={showAll ? groups : groups.slice(0, REPORTS_SHOWN)} now={now} />
              {!showAll && groups.length > REPORTS_SHOWN ? (
                <p className="border-line mt-4 border-t pt-3 text-sm">
                  Showing the newest {REPORTS_SHOWN} of {groups.length} reports.{" "}
                  <Link
                    href={`/stories/${detail.id}?articles=all`}
                    className="text-accent underline underline-offset-4"
                  >
                    Show all
                  </Link>
                </p>
              ) : null}
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
