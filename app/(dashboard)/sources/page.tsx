import type { Metadata } from "next";

import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { RankingIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { formatCount } from "@/components/usage/format";
import { requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";

export const metadata: Metadata = { title: "Sources" };

export default async function SourcesPage() {
  await requireSession("/sources");
  const { store } = await getAppContext();
  const counts = await pipelineCounts(store);
  return (
    <>
      <PageHeader
        title="Sources"
        description="Every publisher Lede reads, ranked on how original, fast, accurate and broad its coverage is."
      />
      <PipelineEmptyState
        icon={<RankingIcon size={22} />}
        title="No source rankings yet"
        counts={counts}
        ready={
          <p>
            {formatCount(counts.sources)} sources have published {formatCount(counts.articles)} articles.
            Rankings need a few days of coverage to compare sources fairly; they appear here once computed.
          </p>
        }
      />
    </>
  );
}
