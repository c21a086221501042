import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { TrendingEntitiesQuery } from "@/lib/entities/queries/schemas";
import { listTrendingEntities } from "@/lib/entities/queries/trending";
import { derivedBody } from "@/lib/serving/body-cache";

export const GET = withApiKey(
  { route: "/v1/entities/trending", query: TrendingEntitiesQuery },
  async ({ deps, query, now }) =>
    derivedBody(deps.store, `trending:${JSON.stringify(query)}`, now, () =>
      listTrendingEntities(deps.store, query, now),
    ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
