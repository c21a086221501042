import Link from "next/link";

import type { StoryGroup } from "@/lib/search/group-by-story";
import type { SearchViewHit } from "@/lib/search/search-view";

import { When } from "../ui/when";
import { MarkedSnippet } from "./marked-snippet";

function HitLine({ hit }: { hit: SearchViewHit }) {
  return (
    <p className="text-muted text-xs">
      {hit.sourceName} · <span className="capitalize">{hit.category}</span> ·{" "}
      <When ms={hit.publishedAt || hit.discoveredAt} />
    </p>
  );
}

/**
 * Search results grouped by story, best first: each story's best match with its snippet, a count of the story's
 * other matches (folded away), and a link to the story. `entities` names what an article that does not match the
 * whole query was found through.
 */
export function SearchResults({
  groups,
  entities,
}: {
  groups: Array<StoryGroup<SearchViewHit>>;
  entities: string;
}) {
  return (
    <ol className="space-y-6" data-testid="search-results">
      {groups.map(({ key, storyId, lead, others }) => (
        <li
          key={key}
          data-testid="search-group"
          data-story-id={storyId ?? undefined}
          data-url-hash={lead.urlHash}
        >
          <HitLine hit={lead} />
          <h3 className="mt-0.5 font-semibold">
            <a
              href={lead.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="hover:text-accent underline-offset-4 hover:underline"
              data-testid="hit-title"
            >
              <MarkedSnippet html={lead.titleHtml} />
            </a>
          </h3>
          {lead.snippet ? (
            <p className="text-muted mt-1 text-sm" data-testid="snippet">
              <MarkedSnippet html={lead.snippet} />
            </p>
          ) : null}
          {!lead.textMatch ? (
            <p className="text-warn mt-1 text-xs" data-testid="via-entity">
              Does not match the whole query: found because it is about {entities}.
            </p>
          ) : null}
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            {storyId !== null ? (
              <Link
                href={`/stories/${storyId}`}
                className="text-accent font-medium underline underline-offset-4"
              >
                Open its story
              </Link>
            ) : null}
            {others.length ? (
              <span className="text-muted" data-testid="group-count">
                {others.length + 1} matching articles in this story
              </span>
            ) : null}
          </div>
          {others.length ? (
            <details className="mt-2 text-sm">
              <summary className="text-muted hover:text-fg cursor-pointer text-xs">
                {others.length} more from {new Set(others.map((o) => o.sourceName)).size} source
                {new Set(others.map((o) => o.sourceName)).size === 1 ? "" : "s"}
              </summary>
              <ul className="border-line mt-2 space-y-1.5 border-l pl-3">
                {others.map((o) => (
                  <li key={o.urlHash} data-testid="group-member" data-url-hash={o.urlHash}>
                    <a
                      href={o.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="hover:text-accent underline-offset-4 hover:underline"
                    >
                      {o.title}
                    </a>{" "}
                    <span className="text-muted text-xs">· {o.sourceName}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
