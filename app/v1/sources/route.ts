import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listSources } from "@/lib/meta/sources";

export const GET = withApiKey({ route: "/v1/sources" }, async ({ deps }) => listSources(deps.store));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
