import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { StoryParams } from "@/lib/stories/get-stories";
import { storyUpdates, StoryUpdatesQuery } from "@/lib/stories/story-updates";

export const GET = withApiKey(
  { route: "/v1/stories/{id}/updates", params: StoryParams, query: StoryUpdatesQuery },
  async ({ deps, params, query, now }) => storyUpdates(deps.store, params.id, query.since_ms, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
