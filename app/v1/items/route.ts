import { includeEmbeddingsGate } from "@/lib/api/feature-gates";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { itemListBody, ListItemsQuery } from "@/lib/articles/list-items";

export const GET = withApiKey(
  { route: "/v1/items", query: ListItemsQuery, ...includeEmbeddingsGate },
  async ({ deps, query, now }) => itemListBody(deps.store, query, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
