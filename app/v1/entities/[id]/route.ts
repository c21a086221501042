import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getEntity } from "@/lib/entities/queries/get-entity";
import { EntityParams } from "@/lib/entities/queries/schemas";

export const GET = withApiKey(
  { route: "/v1/entities/{id}", params: EntityParams },
  async ({ deps, params }) => getEntity(deps.store, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
