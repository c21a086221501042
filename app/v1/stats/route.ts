import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getStats } from "@/lib/meta/stats";

export const GET = withApiKey({ route: "/v1/stats" }, async ({ deps, now }) => getStats(deps.store, now));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
