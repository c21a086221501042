import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listDevelopments, StoryParams } from "@/lib/stories/get-stories";

export const GET = withApiKey(
  { route: "/v1/stories/{id}/developments", params: StoryParams },
  async ({ deps, params }) => listDevelopments(deps.store, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
