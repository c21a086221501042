import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { EntityNetworkExplorer } from "@/components/entities/entity-network-explorer";
import { EntityTypeBadge } from "@/components/entities/entity-type-badge";
import { RelationshipList } from "@/components/entities/relationship-list";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ExternalIcon } from "@/components/ui/icons";
import { Pager } from "@/components/ui/pager";
import { When } from "@/components/ui/when";
import { currentSession, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { getEntityOrThrow, listEntityArticles } from "@/lib/entities/queries/get-entity";
import { EntityArticlesQuery } from "@/lib/entities/queries/schemas";
import { toApiEntity } from "@/lib/entities/queries/serialize";
import { isDomainError } from "@/lib/errors";
import { entityNetwork } from "@/lib/graph/entity-network";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const DEPTH = 2;
const LIMIT = 50;

async function loadEntity(id: string) {
  const { store } = await getAppContext();
  try {
    return { store, entity: toApiEntity(await getEntityOrThrow(store, id)) };
  } catch (e) {
    if (isDomainError(e) && e.code === "not_found") notFound();
    throw e;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // Signed out, nothing of the entity: not even its name in the title (see the story page).
  if (!(await currentSession())) return { title: "Sign in" };
  const { id } = await params;
  const { store } = await getAppContext();
  const entity = await getEntityOrThrow(store, id).catch(() => null);
  return { title: entity?.name ?? "Entity" };
}

export default async function EntityPage({ params, searchParams }: Props) {
  const { id } = await params;
  await requireSession(`/entities/${encodeURIComponent(id)}`);
  const { store, entity } = await loadEntity(id);
  const offsetRaw = (await searchParams).offset;
  const paging = EntityArticlesQuery.safeParse({
    limit: "20",
    offset: Array.isArray(offsetRaw) ? offsetRaw[0] : offsetRaw,
  });
  const page = paging.success ? paging.data : EntityArticlesQuery.parse({ limit: "20" });
  const [network, articles] = await Promise.all([
    entityNetwork(store, { entity_id: entity.id, depth: DEPTH, limit: LIMIT }),
    listEntityArticles(store, String(entity.id), page),
  ]);
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-muted mb-3 text-sm">
        <Link href="/entities" className="hover:text-fg underline underline-offset-4">
          Entities
        </Link>{" "}
        / {entity.name}
      </nav>
      <header className="mb-6">
        <div className="flex flex-wrap items-center gap-2">
          <EntityTypeBadge type={entity.type} />
          {entity.subcategory ? (
            <span className="text-muted text-sm">{entity.subcategory.replace(/_/g, " ")}</span>
          ) : null}
        </div>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{entity.name}</h1>
        <p className="text-muted mt-2 max-w-3xl text-sm">
          {entity.description ?? `Named in ${entity.article_count.toLocaleString("en")} articles.`}
        </p>
        {entity.aliases.length ? (
          <p className="mt-2 text-sm">
            <span className="text-muted">Also known as </span>
            {entity.aliases.join(", ")}
          </p>
        ) : null}
        {entity.wikipedia_url ? (
          <a
            href={entity.wikipedia_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent mt-2 inline-flex items-center gap-1 text-sm underline underline-offset-4"
          >
            Wikipedia <ExternalIcon size={13} />
          </a>
        ) : null}
      </header>
      <div className="space-y-6">
        <Card aria-labelledby="network-title">
          <CardHeader
            id="network-title"
            title="Network"
            description="Who and what this entity is connected to in the news, and how strongly."
          />
          <CardBody>
            {network.edges.length ? (
              <EntityNetworkExplorer
                entityId={entity.id}
                entityName={entity.name}
                initial={{ depth: DEPTH, limit: LIMIT, data: network }}
              />
            ) : (
              <p className="text-muted text-sm">No relationship to another entity has been found yet.</p>
            )}
          </CardBody>
        </Card>
        <div className="grid gap-6 lg:grid-cols-5">
          <Card aria-labelledby="articles-title" className="min-w-0 lg:col-span-3">
            <CardHeader
              id="articles-title"
              title="Articles"
              description={`${articles.total.toLocaleString("en")} articles name ${entity.name}, newest first.`}
            />
            <CardBody>
              <ul className="divide-line divide-y" data-testid="entity-articles">
                {articles.items.map((a) => (
                  <li key={a.id} className="py-3 text-sm first:pt-0 last:pb-0">
                    <a
                      href={a.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="hover:text-accent font-medium underline-offset-4 hover:underline"
                    >
                      {a.title}
                    </a>
                    <p className="text-muted mt-0.5 text-xs">
                      {a.source_name} · <When ms={a.published_at || a.discovered_at} />
                    </p>
                  </li>
                ))}
              </ul>
              <Pager
                path={`/entities/${entity.id}`}
                params={{}}
                offset={page.offset}
                limit={page.limit}
                total={articles.total}
              />
            </CardBody>
          </Card>
          <Card aria-labelledby="relations-title" className="min-w-0 lg:col-span-2">
            <CardHeader id="relations-title" title="Strongest relationships" />
            <CardBody>
              <RelationshipList network={network} max={15} />
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
