import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listEntityArticles } from "@/lib/entities/queries/get-entity";
import { EntityArticlesQuery, EntityParams } from "@/lib/entities/queries/schemas";

export const GET = withApiKey(
  { route: "/v1/entities/{id}/articles", params: EntityParams, query: EntityArticlesQuery },
  async ({ deps, params, query }) => listEntityArticles(deps.store, params.id, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
