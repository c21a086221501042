import type { Metadata } from "next";
import Link from "next/link";

import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { FeedHealthCard } from "@/components/sources/feed-health-card";
import { SourceRankingsTable } from "@/components/sources/source-rankings-table";
import { SourceSearchForm } from "@/components/sources/source-search-form";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RankingIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Stat } from "@/components/ui/stat";
import { Alert } from "@/components/ui/states";
import { formatCount } from "@/components/usage/format";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { listSourceTable, SourceTableQuery } from "@/lib/rankings/source-table";
import { feedPolling } from "@/lib/sources/feed-polling";
import { sourceHealth } from "@/lib/sources/source-health";
import { when } from "@/lib/text/when";
import { firstValue, qIntDefault } from "@/lib/validation/query";

export const metadata: Metadata = { title: "Sources" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const HealthOffset = qIntDefault(0, { min: 0 });

export default async function SourcesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireSession("/sources");
  const raw = await searchParams;
  const parsed = SourceTableQuery.safeParse({
    q: firstValue(raw.q),
    sort: firstValue(raw.sort),
    order: firstValue(raw.order),
    offset: firstValue(raw.offset),
  });
  const query = parsed.success ? parsed.data : SourceTableQuery.parse({});
  const healthOffset = HealthOffset.safeParse(firstValue(raw.health_offset)).data ?? 0;
  const { store, env } = await getAppContext();
  const now = requestTime();
  const [counts, table, health] = await Promise.all([
    pipelineCounts(store),
    listSourceTable(store, query),
    sourceHealth(store),
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
  // Sources named only by imported articles have no feed to poll: health is about the polled ones.
  const sources = health.size ? await store.sources.list() : [];
  const polled = sources
    .filter((s) => health.has(s.id))
    .map((source) => ({ source, health: health.get(source.id) }));
  const polling = feedPolling({
    pollsHere: env.LEDE_POLL_FEEDS && env.LEDE_ROLE !== "server",
    health: health.values(),
    now,
    maxIntervalMs: env.LEDE_POLL_MAX_INTERVAL_MS,
  });
  const statuses = [...health.values()].map((h) => h.status);
  const failing = statuses.filter((s) => s === "failing").length;
  const degraded = statuses.filter((s) => s === "degraded").length;
  const tableParams = { q: query.q, sort: query.sort, order: query.order };
  return (
    <>
      {header}
      <dl className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat
          label="Sources"
          value={formatCount(counts.sources)}
          hint={`${formatCount(polled.length)} with feeds, ${formatCount(counts.articles)} articles`}
        />
        <Stat label="Ranked" value={formatCount(table.allRanked)} hint="over the last 30 days" />
        {polling.on ? (
          <Stat
            label="Healthy"
            value={formatCount(statuses.filter((s) => s === "ok").length)}
            hint="every feed answers"
          />
        ) : (
          <Stat
            label="Feed polling"
            value="Off"
            hint={
              polling.lastPolledAt === null
                ? "no feed has been polled"
                : `last poll ${when(polling.lastPolledAt, now)}`
            }
          />
        )}
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
            description="Nine scores from 0 to 1 and the tier they add up to; select a column to sort. Sensationalism counts against a source. Sources with no article in the last 30 days are not ranked and follow the ranked ones."
          />
          <CardBody className="space-y-3">
            <SourceSearchForm query={query} />
            {parsed.success ? null : (
              <Alert tone="warn">
                {parsed.error.issues[0]?.path.join(".")}: {parsed.error.issues[0]?.message}. Showing the
                rankings instead.
              </Alert>
            )}
            <p className="text-muted text-sm" role="status" data-testid="sources-status">
              {query.q
                ? `${formatCount(table.total)} sources match “${query.q}”, ${formatCount(table.ranked)} of them ranked`
                : `${formatCount(table.total)} sources, ${formatCount(table.ranked)} ranked`}
            </p>
          </CardBody>
          {table.rows.length ? (
            <>
              <SourceRankingsTable rows={table.rows} query={query} />
              {table.total > table.limit ? (
                <CardBody className="border-line border-t pt-0">
                  <Pager
                    path="/sources"
                    params={tableParams}
                    offset={query.offset}
                    limit={table.limit}
                    total={table.total}
                  />
                </CardBody>
              ) : null}
            </>
          ) : (
            <CardBody className="border-line border-t">
              <p className="text-muted text-sm">
                {table.total === 0 ? (
                  `No source has “${query.q ?? ""}” in its name or address. Try part of the name.`
                ) : (
                  <>
                    No source on this page.{" "}
                    <Link href="/sources" className="text-accent underline underline-offset-4">
                      Back to the first page
                    </Link>
                  </>
                )}
              </p>
            </CardBody>
          )}
        </Card>
        <FeedHealthCard
          rows={polled}
          polling={polling}
          now={now}
          offset={healthOffset}
          pageParams={{ ...tableParams, offset: query.offset ? String(query.offset) : undefined }}
        />
      </div>
    </>
  );
}
