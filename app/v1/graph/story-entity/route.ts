import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { StoryEntityQuery } from "@/lib/graph/schemas";
import { storyEntityGraph } from "@/lib/graph/story-entity";

export const GET = withApiKey(
  { route: "/v1/graph/story-entity", query: StoryEntityQuery },
  async ({ deps, query }) => storyEntityGraph(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
