import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getContent, GetContentQuery } from "@/lib/content/get-content";

export const GET = withApiKey(
  { route: "/v1/content", query: GetContentQuery, cost: 2 },
  async ({ deps, query, now }) => getContent({ store: deps.store, now: () => now }, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
