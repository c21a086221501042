import { newRequestId } from "@/lib/api/errors";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { CORS_HEADERS } from "@/lib/api/with-api-key";
import { asyncApiJson } from "@/lib/asyncapi/asyncapi-document";

export const dynamic = "force-dynamic";

// Open like /v1/version and /v1/openapi.json: clients and doc tools read the description before they hold a key.
export function GET(): Response {
  return new Response(asyncApiJson(), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "X-Request-Id": newRequestId(),
      ...CORS_HEADERS,
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
