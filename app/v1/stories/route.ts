import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { ListStoriesQuery } from "@/lib/stories/get-stories";
import { storyListBody } from "@/lib/stories/story-pages";

export const GET = withApiKey(
  { route: "/v1/stories", query: ListStoriesQuery, ...includeEmbeddingsGate },
  async ({ deps, query, now }) => storyListBody(deps.store, query, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
