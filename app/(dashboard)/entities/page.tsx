import type { Metadata } from "next";

import { pipelineCounts } from "@/components/news/pipeline-counts";
import { PipelineEmptyState } from "@/components/news/pipeline-empty-state";
import { GraphIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";

export const metadata: Metadata = { title: "Entities" };

export default async function EntitiesPage() {
  await requireSession("/entities");
  const { store } = await getAppContext();
  return (
    <>
      <PageHeader
        title="Entities"
        description="People, organisations and places named in the news, and how they are connected."
      />
      <PipelineEmptyState
        icon={<GraphIcon size={22} />}
        title="No entities extracted yet"
        counts={await pipelineCounts(store)}
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
