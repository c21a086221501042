import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getItem, ItemQuery } from "@/lib/articles/get-item";

export const GET = withApiKey({ route: "/v1/item", query: ItemQuery }, async ({ deps, query }) =>
  getItem(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
