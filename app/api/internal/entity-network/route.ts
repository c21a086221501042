import { withSession } from "@/lib/api/with-session";
import { entityNetwork } from "@/lib/graph/entity-network";
import { EntityNetworkQuery } from "@/lib/graph/schemas";

export const dynamic = "force-dynamic";

// The entity explorer's ego network (depth and limit controls, expanding a node): GET /v1/graph/entity-network's
// answer, for the signed-in user rather than an API key.
export const GET = withSession({ query: EntityNetworkQuery }, async ({ deps, query }) =>
  entityNetwork(deps.store, query),
);
