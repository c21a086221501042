import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getStoryDetail, StoryParams, StoryQuery } from "@/lib/stories/get-stories";

export const GET = withApiKey(
  { route: "/v1/stories/{id}", params: StoryParams, query: StoryQuery, ...includeEmbeddingsGate },
  async ({ deps, params, query }) =>
    getStoryDetail(deps.store, params.id, query.include_embeddings, query.embedding_format),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
