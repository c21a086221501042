import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { entityListBody } from "@/lib/entities/queries/list-entities";
import { ListEntitiesQuery } from "@/lib/entities/queries/schemas";

export const GET = withApiKey(
  { route: "/v1/entities", query: ListEntitiesQuery },
  async ({ deps, query, now }) => entityListBody(deps.store, query, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
