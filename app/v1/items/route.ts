import { withApiKey } from "@/lib/api/with-api-key";
import { listItems, ListItemsQuery } from "@/lib/articles/list-items";

const wantsEmbeddings = (q: Record<string, string>) =>
  q.include_embeddings === "true" || q.include_embeddings === "1";

export const GET = withApiKey(
  {
    route: "/v1/items",
    query: ListItemsQuery,
    featurePlan: ({ query }) =>
      wantsEmbeddings(query) ? { plan: "pro", feature: "include_embeddings" } : undefined,
    cost: ({ query }) => (wantsEmbeddings(query) ? 5 : 1),
  },
  async ({ deps, query }) => listItems(deps.store, query),
);
