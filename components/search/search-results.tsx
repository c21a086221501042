import Link from "next/link";

import { RelativeTime } from "../ui/relative-time";
import { MarkedSnippet } from "./marked-snippet";

export interface SearchHit {
  url_hash: string;
  title: string;
  source_name: string;
  category: string;
  published_at_ms: number;
  discovered_at_ms: number;
  snippet: string;
}

export interface HitLinks {
  url: string;
  storyId: number | null;
}

/** Full-text hits, best first, with the matched words highlighted in their snippet and a link to their story. */
export function SearchResults({
  hits,
  links,
  now,
}: {
  hits: SearchHit[];
  links: Map<string, HitLinks>;
  now?: number;
}) {
  return (
    <ol className="space-y-5" data-testid="search-results">
      {hits.map((h) => (
        <li key={h.url_hash}>
          <p className="text-muted text-xs">
            {h.source_name} · <span className="capitalize">{h.category}</span> ·{" "}
            <RelativeTime ms={h.published_at_ms || h.discovered_at_ms} now={now} />
          </p>
          <h3 className="mt-0.5 font-semibold">
            <a
              href={links.get(h.url_hash)?.url ?? "#"}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="hover:text-accent underline-offset-4 hover:underline"
            >
              {h.title}
            </a>
          </h3>
          <p className="text-muted mt-1 text-sm" data-testid="snippet">
            <MarkedSnippet html={h.snippet} />
          </p>
          {links.get(h.url_hash)?.storyId ? (
            <Link
              href={`/stories/${links.get(h.url_hash)?.storyId}`}
              className="text-accent mt-1 inline-block text-xs font-medium underline underline-offset-4"
            >
              Open its story
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
