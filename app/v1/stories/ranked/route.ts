import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { RankedStoriesQuery } from "@/lib/stories/get-stories";
import { rankedStoriesBody } from "@/lib/stories/story-pages";

export const GET = withApiKey(
  { route: "/v1/stories/ranked", query: RankedStoriesQuery, ...includeEmbeddingsGate },
  async ({ deps, query, now }) => rankedStoriesBody(deps.store, query, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
