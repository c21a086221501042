import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listSourceRankings } from "@/lib/rankings/source-rankings";

export const GET = withApiKey({ route: "/v1/source-rankings" }, async ({ deps }) =>
  listSourceRankings(deps.store),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
