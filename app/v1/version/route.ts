import { newRequestId } from "@/lib/api/errors";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { CORS_HEADERS } from "@/lib/api/with-api-key";
import { versionInfo } from "@/lib/meta/version";

export const dynamic = "force-dynamic";

// The only endpoint without auth (contract §3.1): clients discover versions before they hold a key.
export function GET(): Response {
  return Response.json(versionInfo(), { headers: { "X-Request-Id": newRequestId(), ...CORS_HEADERS } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
