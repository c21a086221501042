import type { Metadata } from "next";
import Link from "next/link";

import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { SourceHealthTable } from "@/components/sources/source-health-table";
import { SourceRankingsTable } from "@/components/sources/source-rankings-table";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RankingIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { formatCount } from "@/components/usage/format";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { listSourceRankings } from "@/lib/rankings/source-rankings";
import { sourceHealth } from "@/lib/sources/source-health";

export const metadata: Metadata = { title: "Sources" };

/** Feed health rows shown before "show all": problems come first, so a cut never hides one for long. */
const HEALTH_ROWS = 100;

export default async function SourcesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSession("/sources");
  const showAll = (await searchParams).health === "all";
  const { store } = await getAppContext();
  const [counts, { rankings }, health, sources] = await Promise.all([
    pipelineCounts(store),
    listSourceRankings(store),
    sourceHealth(store),
    store.sources.list(),
  ]);
  const header = (
    <PageHeader
      title="Sources"
      description="Every publisher Lede reads, ranked on how original, fast, accurate and broad its coverage is, and how its feeds are doing."
    />
  );
  if (counts.sources === 0) {
    return (
      <>
        {header}
        <PipelineEmptyState
          icon={<RankingIcon size={22} />}
          title="No sources"
          counts={counts}
          ready={null}
        />
      </>
    );
  }
  const statuses = [...health.values()].map((h) => h.status);
  // Sources named only by imported articles have no feed to poll: health is about the polled ones.
  const polled = sources
    .filter((s) => health.has(s.id))
    .map((source) => ({ source, health: health.get(source.id) }));
  const failing = statuses.filter((s) => s === "failing").length;
  const degraded = statuses.filter((s) => s === "degraded").length;
  return (
    <>
      {header}
      <dl className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat
          label="Sources"
          value={formatCount(counts.sources)}
          hint={`${formatCount(polled.length)} with feeds, ${formatCount(counts.articles)} articles`}
        />
        <Stat label="Ranked" value={formatCount(rankings.length)} hint="over the last 30 days" />
        <Stat
          label="Healthy"
          value={formatCount(statuses.filter((s) => s === "ok").length)}
          hint="every feed answers"
        />
        <Stat
          label="Problems"
          value={formatCount(failing + degraded)}
          hint={`${failing} failing, ${degraded} degraded`}
        />
      </dl>
      <div className="space-y-6">
        <Card aria-labelledby="rankings-title">
          <CardHeader
            id="rankings-title"
            title="Rankings"
            description="Nine scores from 0 to 1 and the tier they add up to; select a column to sort. Sensationalism counts against a source."
          />
          {rankings.length ? (
            <SourceRankingsTable rankings={rankings} />
          ) : (
            <CardBody>
              <p className="text-muted text-sm">
                {formatCount(counts.articles)} articles so far. Rankings are computed every few minutes once
                sources have reported stories together; they appear here then.
              </p>
            </CardBody>
          )}
        </Card>
        <Card aria-labelledby="health-title">
          <CardHeader
            id="health-title"
            title="Feed health"
            description="Problems first. A failing feed is retried with growing back-off and never dropped."
          />
          {polled.length ? (
            <SourceHealthTable rows={polled} now={requestTime()} limit={showAll ? undefined : HEALTH_ROWS} />
          ) : (
            <CardBody>
              <p className="text-muted text-sm">
                No source has a feed to poll: every article came from an import.
              </p>
            </CardBody>
          )}
          {!showAll && polled.length > HEALTH_ROWS ? (
            <CardBody className="border-line border-t text-sm">
              Showing the first {HEALTH_ROWS} of {formatCount(polled.length)} feeds.{" "}
              <Link href="/sources?health=all" className="text-accent underline underline-offset-4">
                Show all
              </Link>
            </CardBody>
          ) : null}
        </Card>
      </div>
    </>
  );
}
