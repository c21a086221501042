import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listStories, ListStoriesQuery } from "@/lib/stories/get-stories";

export const GET = withApiKey(
  { route: "/v1/stories", query: ListStoriesQuery, ...includeEmbeddingsGate },
  async ({ deps, query, now }) => listStories(deps.store, query, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
