import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getStoryDetail, StoryParams, StoryQuery } from "@/lib/stories/get-stories";
import { storyDetailBody } from "@/lib/stories/story-pages";

export const GET = withApiKey(
  { route: "/v1/stories/{id}", params: StoryParams, query: StoryQuery, ...includeEmbeddingsGate },
  async ({ deps, params, query, now }) =>
    query.include_embeddings
      ? getStoryDetail(deps.store, params.id, true, query.embedding_format)
      : storyDetailBody(deps.store, params.id, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
