import { errorResponse, newRequestId } from "@/lib/api/errors";
import { CORS_HEADERS } from "@/lib/api/with-api-key";

function notFound(req: Request): Response {
  const path = new URL(req.url).pathname;
  return errorResponse(
    "route_not_found",
    404,
    `no route for ${req.method} ${path}`,
    newRequestId(),
    undefined,
    CORS_HEADERS,
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
