import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { SearchFullQuery } from "@/lib/search/schemas";
import { searchFull } from "@/lib/search/search-full";

// 2 credits (contract §5.2): the entity merge and snippets make it the heavier search.
export const GET = withApiKey(
  { route: "/v1/search/full", query: SearchFullQuery, cost: 2 },
  async ({ deps, query }) => searchFull(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
