import type { Metadata } from "next";
import Link from "next/link";

import { EntityTypeBadge } from "@/components/entities/entity-type-badge";
import { SearchForm } from "@/components/search/search-form";
import { SearchResults } from "@/components/search/search-results";
import { TermReport } from "@/components/search/term-report";
import { SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Alert, EmptyState } from "@/components/ui/states";
import { requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { listEntities } from "@/lib/entities/queries/list-entities";
import { ListEntitiesQuery } from "@/lib/entities/queries/schemas";
import { entityList, matchNote } from "@/lib/search/match-note";
import { SearchFullQuery } from "@/lib/search/schemas";
import { searchView } from "@/lib/search/search-view";
import { firstValue } from "@/lib/validation/query";

export const metadata: Metadata = { title: "Search" };

// Stories (with their matching articles folded in) per page.
const LIMIT = 20;

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSession("/search");
  const raw = await searchParams;
  const q = firstValue(raw.q)?.trim() ?? "";
  const header = (
    <>
      <PageHeader
        title="Search"
        description="Full-text search over every article's headline, excerpt and text, plus the articles of the people, organisations and places you name."
      />
      <div className="mb-6">
        <SearchForm q={q} />
      </div>
    </>
  );
  if (!q) {
    return (
      <>
        {header}
        <EmptyState icon={<SearchIcon size={22} />} title="Search the news">
          Words are all required; put <code className="font-mono">&quot;quotes&quot;</code> around a phrase, a{" "}
          <code className="font-mono">-minus</code> before a word to leave it out, and{" "}
          <code className="font-mono">OR</code> between alternatives.
        </EmptyState>
      </>
    );
  }
  const parsed = SearchFullQuery.safeParse({ q, limit: String(LIMIT), offset: firstValue(raw.offset) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return (
      <>
        {header}
        <Alert tone="warn">
          {issue?.path.join(".") === "q" ? "The search" : "The page number"} {issue?.message}.
        </Alert>
      </>
    );
  }
  const { store } = await getAppContext();
  const [result, entities] = await Promise.all([
    searchView(store, parsed.data),
    parsed.data.offset === 0
      ? listEntities(store, ListEntitiesQuery.parse({ q, limit: "6" }))
      : Promise.resolve(null),
  ]);
  const note = matchNote(result);
  return (
    <>
      {header}
      {entities?.entities.length ? (
        <section aria-labelledby="entity-hits" className="mb-6">
          <h2 id="entity-hits" className="text-muted mb-2 text-xs font-medium tracking-wide uppercase">
            Entities
          </h2>
          <ul className="flex flex-wrap gap-2">
            {entities.entities.map((e) => (
              <li key={e.id}>
                <Link
                  href={`/entities/${e.id}`}
                  className="border-line bg-surface hover:bg-subtle flex items-center gap-2 rounded-full border py-1 pr-3 pl-1.5 text-sm"
                >
                  <EntityTypeBadge type={e.type} />
                  {e.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="sr-only">Articles</h2>
      {result.groups.length ? (
        <>
          <p role="status" className="text-muted mb-3 text-sm" data-testid="search-count">
            {result.total.toLocaleString("en")} article{result.total === 1 ? "" : "s"} match “{q}”;{" "}
            {result.grouped === result.total ? "they are" : `the best ${result.grouped} are`} in{" "}
            {groupsInWords(result.storyTotal, result.groupTotal - result.storyTotal)}
          </p>
          <TermReport terms={result.terms} note={note} />
          <SearchResults groups={result.groups} entities={entityList(result.entities)} />
          <Pager
            path="/search"
            params={{ q }}
            offset={parsed.data.offset}
            limit={LIMIT}
            total={result.groupTotal}
          />
          {result.grouped < result.total ? (
            <p className="text-muted mt-3 text-sm">
              Stories of the best {result.grouped} matches are shown; add words to narrow the search.
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p role="status" className="sr-only">
            No article matches “{q}”
          </p>
          <EmptyState icon={<SearchIcon size={22} />} title="Nothing matches">
            <TermReport terms={result.terms} note={null} />
            {note ?? "No article contains all of these words."} Try fewer words, or{" "}
            <code className="font-mono">OR</code> between alternatives.
          </EmptyState>
        </>
      )}
    </>
  );
}

/** "12 stories", "12 stories and 3 single articles", "3 single articles". */
function groupsInWords(stories: number, single: number): string {
  const parts = [
    stories ? `${stories} ${stories === 1 ? "story" : "stories"}` : null,
    single ? `${single} single article${single === 1 ? "" : "s"}` : null,
  ];
  return parts.filter(Boolean).join(" and ");
}
