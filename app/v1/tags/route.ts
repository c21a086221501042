import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listTags } from "@/lib/meta/taxonomy";
import { derivedBody } from "@/lib/serving/body-cache";

export const GET = withApiKey({ route: "/v1/tags" }, async ({ deps, now }) =>
  derivedBody(deps.store, "tags", now, () => listTags(deps.store)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
