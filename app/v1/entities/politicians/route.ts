import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listPoliticians } from "@/lib/entities/queries/list-entities";
import { PoliticiansQuery } from "@/lib/entities/queries/schemas";
import { derivedBody } from "@/lib/serving/body-cache";

export const GET = withApiKey(
  { route: "/v1/entities/politicians", query: PoliticiansQuery },
  async ({ deps, query, now }) =>
    derivedBody(deps.store, `politicians:${JSON.stringify(query)}`, now, () =>
      listPoliticians(deps.store, query),
    ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
