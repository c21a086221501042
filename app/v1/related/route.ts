import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { relatedArticles, RelatedQuery } from "@/lib/articles/related";

export const GET = withApiKey({ route: "/v1/related", query: RelatedQuery }, async ({ deps, query }) =>
  relatedArticles(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
