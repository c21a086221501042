import type { ApiRouteOptions, RawInput } from "./with-api-key";

const wantsEmbeddings = ({ query }: RawInput) =>
  query.include_embeddings === "true" || query.include_embeddings === "1";

/** `include_embeddings=true` is a Pro feature and costs 4 extra credits (contract §3.3, §5.2). */
export const includeEmbeddingsGate: Pick<ApiRouteOptions<never, never, never>, "featurePlan" | "cost"> = {
  featurePlan: (raw) => (wantsEmbeddings(raw) ? { plan: "pro", feature: "include_embeddings" } : undefined),
  cost: (raw) => (wantsEmbeddings(raw) ? 5 : 1),
};
