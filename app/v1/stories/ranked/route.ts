import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listRankedStories, RankedStoriesQuery } from "@/lib/stories/get-stories";

export const GET = withApiKey(
  { route: "/v1/stories/ranked", query: RankedStoriesQuery, ...includeEmbeddingsGate },
  async ({ deps, query, now }) => listRankedStories(deps.store, query, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
