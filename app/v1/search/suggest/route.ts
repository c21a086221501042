import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { SuggestQuery } from "@/lib/search/schemas";
import { suggest } from "@/lib/search/suggest";

export const GET = withApiKey({ route: "/v1/search/suggest", query: SuggestQuery }, async ({ deps, query }) =>
  suggest(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
