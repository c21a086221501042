import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getEmbedding } from "@/lib/vectors/get-embedding";
import { EmbeddingQuery } from "@/lib/vectors/schemas";

// Pro, 2 credits (contract §3.3, §5.2).
export const GET = withApiKey(
  { route: "/v1/embeddings", minPlan: "pro", query: EmbeddingQuery, cost: 2 },
  async ({ deps, query }) => getEmbedding(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
