import type { Metadata } from "next";

import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { CodeBlock } from "@/components/ui/code-block";
import { NewspaperIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { formatCount } from "@/components/usage/format";
import { requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";

export const metadata: Metadata = { title: "Stories" };

export default async function StoriesPage() {
  await requireSession("/stories");
  const { store } = await getAppContext();
  const counts = await pipelineCounts(store);
  return (
    <>
      <PageHeader
        title="Stories"
        description="Articles from every source grouped into stories that grow as the news develops, fastest-moving first."
      />
      <PipelineEmptyState
        icon={<NewspaperIcon size={22} />}
        title="The live story feed is not shown here yet"
        counts={counts}
        ready={
          <>
            <p>
              {formatCount(counts.articles)} articles from {formatCount(counts.sources)} sources are grouped
              into stories. Until this page lists them, read them from the API:
            </p>
            <div className="mt-4 text-left">
              <CodeBlock code={'curl -H "Authorization: Bearer $LEDE_KEY" "$LEDE_URL/v1/stories?limit=10"'} />
            </div>
          </>
        }
      />
    </>
  );
}
