import type { ReactNode } from "react";

import { CodeBlock } from "../ui/code-block";
import { EmptyState } from "../ui/states";
import { formatCount } from "../usage/format";

export interface PipelineCounts {
  sources: number;
  articles: number;
}

/**
 * The empty state of the news pages, matched to where ingestion stands: no sources yet, sources but no articles
 * (polling is off by default), or articles already flowing.
 */
export function PipelineEmptyState({
  icon,
  title,
  counts,
  ready,
}: {
  icon: ReactNode;
  title: string;
  counts: PipelineCounts;
  /** What to say once articles exist. */
  ready: ReactNode;
}) {
  if (counts.sources === 0) {
    return (
      <EmptyState icon={icon} title="No news sources yet">
        <p>Register feeds first, from an OPML file, then start the server with polling on.</p>
        <div className="mt-4 text-left">
          <CodeBlock code={"lede sources import feeds.opml\nLEDE_POLL_FEEDS=true lede start"} />
        </div>
      </EmptyState>
    );
  }
  if (counts.articles === 0) {
    return (
      <EmptyState icon={icon} title="Waiting for the first articles">
        <p>
          {formatCount(counts.sources)} sources are registered, but no article has arrived yet. Feed polling
          is off unless the server runs with <code className="font-mono">LEDE_POLL_FEEDS=true</code>; you can
          also load an archive.
        </p>
        <div className="mt-4 text-left">
          <CodeBlock code="lede import articles.jsonl.gz" />
        </div>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={icon} title={title}>
      {ready}
    </EmptyState>
  );
}
