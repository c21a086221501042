import { errorResponse, newRequestId } from "./errors";
import { CORS_HEADERS } from "./with-api-key";

type Handler = (req: Request) => Response;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Served = "GET" | "POST";

/** The `Allow` value of a path serving `methods` (HEAD comes with GET; OPTIONS is the CORS preflight). */
export function allowHeader(methods: readonly Served[]): string {
  const all: string[] = [...methods];
  if (methods.includes("GET")) all.push("HEAD");
  all.push("OPTIONS");
  return all.join(", ");
}

/** A handler answering 405 `method_not_allowed` with the `Allow` header (contract §4.2). */
export function methodNotAllowed(allowed: readonly Served[]): Handler {
  const allow = allowHeader(allowed);
  return (req) =>
    errorResponse(
      "method_not_allowed",
      405,
      `${req.method} is not allowed here; use ${allowed.join(" or ")}`,
      newRequestId(),
      { allowed: [...allowed] },
      { ...CORS_HEADERS, Allow: allow },
    );
}

/** The CORS preflight answer of a /v1 path (contract §2): any origin, the methods it serves, no body. */
export function corsPreflight(allowed: readonly Served[]): Handler {
  const allow = allowHeader(allowed);
  return () =>
    new Response(null, {
      status: 200,
      headers: {
        ...CORS_HEADERS,
        Allow: allow,
        "Access-Control-Max-Age": "86400",
        "X-Request-Id": newRequestId(),
      },
    });
}

/**
 * The handlers a route file exports besides its own: 405 for every other method (Next would otherwise answer an
 * empty 405 of its own) and the CORS preflight. Usage: `export const { POST, PUT, PATCH, DELETE, OPTIONS } =
 * otherMethods("GET");`.
 */
export function otherMethods<const A extends Served[]>(
  ...allowed: A
): Record<Exclude<Method, A[number]> | "OPTIONS", Handler> {
  const refuse = methodNotAllowed(allowed);
  const out: Record<string, Handler> = { OPTIONS: corsPreflight(allowed) };
  for (const m of METHODS) if (!(allowed as string[]).includes(m)) out[m] = refuse;
  return out as Record<Exclude<Method, A[number]> | "OPTIONS", Handler>;
}
