import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { sourceRankingsBody } from "@/lib/rankings/rankings-body";

// The body is computed on the maintenance tick and held serialised (lib/rankings/rankings-body.ts).
export const GET = withApiKey({ route: "/v1/source-rankings" }, async ({ deps, now }) =>
  sourceRankingsBody(deps.store, now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
