import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { SearchQuery } from "@/lib/search/schemas";
import { searchArticles } from "@/lib/search/search-articles";

export const GET = withApiKey({ route: "/v1/search", query: SearchQuery }, async ({ deps, query }) =>
  searchArticles(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
