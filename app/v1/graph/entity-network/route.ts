import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { entityNetwork } from "@/lib/graph/entity-network";
import { EntityNetworkQuery } from "@/lib/graph/schemas";

export const GET = withApiKey(
  { route: "/v1/graph/entity-network", query: EntityNetworkQuery },
  async ({ deps, query }) => entityNetwork(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
