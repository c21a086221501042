import "server-only";

import type { Store } from "@/lib/db/store";

import type { PipelineCounts } from "./pipeline-empty-state";

export async function pipelineCounts(store: Store): Promise<PipelineCounts> {
  const [sources, articles] = await Promise.all([store.sources.count(), store.articles.count()]);
  return { sources, articles };
}
