import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listTags } from "@/lib/meta/taxonomy";

export const GET = withApiKey({ route: "/v1/tags" }, async ({ deps }) => listTags(deps.store));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
