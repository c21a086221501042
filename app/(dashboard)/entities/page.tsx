import type { Metadata } from "next";
import Link from "next/link";

import { EntityList } from "@/components/entities/entity-list";
import { EntitySearchForm } from "@/components/entities/entity-search-form";
import { EntityTypeBadge } from "@/components/entities/entity-type-badge";
import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { GraphIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Alert, EmptyState } from "@/components/ui/states";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { listEntities } from "@/lib/entities/queries/list-entities";
import { ListEntitiesQuery } from "@/lib/entities/queries/schemas";
import { listTrendingEntities } from "@/lib/entities/queries/trending";
import { feedTime } from "@/lib/stories/story-feed";
import { firstValue } from "@/lib/validation/query";

export const metadata: Metadata = { title: "Entities" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function EntitiesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireSession("/entities");
  const { store } = await getAppContext();
  const raw = await searchParams;
  const input = {
    q: firstValue(raw.q),
    type: firstValue(raw.type) || undefined,
    offset: firstValue(raw.offset),
    limit: "30",
  };
  const parsed = ListEntitiesQuery.safeParse(input);
  const query = parsed.success ? parsed.data : ListEntitiesQuery.parse({ limit: "30" });
  const { asOf } = await feedTime(store, requestTime());
  const [counts, result, trending] = await Promise.all([
    pipelineCounts(store),
    listEntities(store, query),
    listTrendingEntities(store, { limit: 8 }, asOf),
  ]);
  const header = (
    <PageHeader
      title="Entities"
      description="People, organisations and places named in the news, and how they are connected."
    />
  );
  if (result.total === 0 && !query.q && !query.type) {
    return (
      <>
        {header}
        <PipelineEmptyState
          icon={<GraphIcon size={22} />}
          title="No entities extracted yet"
          counts={counts}
          ready={
            <p>
              Articles are arriving, but no people, organisations or places have been extracted from them yet.
              The entity explorer and its relationship graph appear here once they are.
            </p>
          }
        />
      </>
    );
  }
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-4">
        <div className="min-w-0 space-y-4 lg:col-span-3">
          <EntitySearchForm q={query.q ?? ""} type={query.type ?? ""} />
          {parsed.success ? null : (
            <Alert tone="warn">
              {parsed.error.issues[0]?.path.join(".")}: {parsed.error.issues[0]?.message}. Showing every
              entity instead.
            </Alert>
          )}
          {result.entities.length ? (
            <>
              <p className="text-muted text-sm" role="status">
                {query.q
                  ? `${result.total.toLocaleString("en")} entities match “${query.q}”`
                  : `${result.total.toLocaleString("en")} entities, most mentioned first`}
              </p>
              <EntityList entities={result.entities} />
              <Pager
                path="/entities"
                params={{ q: query.q, type: query.type }}
                offset={query.offset}
                limit={query.limit}
                total={result.total}
              />
            </>
          ) : (
            <EmptyState icon={<GraphIcon size={22} />} title="No entity matches">
              Nothing is named {query.q ? `“${query.q}”` : "like that"}
              {query.type ? " among this type" : ""}. Try part of the name, or another spelling.
            </EmptyState>
          )}
        </div>
        <Card aria-labelledby="trending-title" className="self-start">
          <CardHeader
            id="trending-title"
            title="Trending"
            description="Named more in the last day than in the week before."
          />
          <CardBody>
            {trending.entities.length ? (
              <ol className="space-y-2 text-sm" data-testid="trending">
                {trending.entities.map((e) => (
                  <li key={e.id} className="flex items-center gap-2">
                    <EntityTypeBadge type={e.type} />
                    <Link
                      href={`/entities/${e.id}`}
                      className="min-w-0 truncate underline underline-offset-4 hover:decoration-2"
                    >
                      {e.name}
                    </Link>
                    <span className="text-muted ml-auto text-xs tabular-nums">{e.recent_article_count}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-muted text-sm">Nobody is being named more than usual right now.</p>
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
