import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { VectorSearchBody } from "@/lib/vectors/schemas";
import { vectorSearch } from "@/lib/vectors/vector-search";

// Pro, 5 credits (contract §3.3, §5.2).
export const POST = withApiKey(
  { route: "/v1/search/vector", minPlan: "pro", body: VectorSearchBody, cost: 5 },
  async ({ deps, body, now }) => vectorSearch(deps.store, body, now),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
