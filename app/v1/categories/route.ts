import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listCategories } from "@/lib/meta/taxonomy";

export const GET = withApiKey({ route: "/v1/categories" }, async ({ deps }) => listCategories(deps.store));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
