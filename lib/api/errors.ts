import { randomBytes } from "node:crypto";

import type { Logger } from "pino";
import type { z } from "zod";

import { isDomainError, ValidationError, type ErrorDetails } from "../errors";

// Random bytes drawn in blocks: one call to the CRNG serves 680 request ids.
const ID_BYTES = 6;
let pool = Buffer.alloc(0);
let offset = 0;

export function newRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * 680);
    offset = 0;
  }
  const hex = pool.toString("hex", offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return `req_${Date.now().toString(36)}${hex}`;
}

/** Contract §4.1 error body. */
export function errorBody(
  code: string,
  status: number,
  message: string,
  requestId: string,
  details?: ErrorDetails,
) {
  return { error: { code, message, status, request_id: requestId, ...(details ? { details } : {}) } };
}

export function errorResponse(
  code: string,
  status: number,
  message: string,
  requestId: string,
  details?: ErrorDetails,
  headers: Record<string, string> = {},
): Response {
  return Response.json(errorBody(code, status, message, requestId, details), {
    status,
    headers: { "X-Request-Id": requestId, ...headers },
  });
}

/** Maps any thrown value to the contract's error response; unknown errors are logged and answered generically. */
export function toErrorResponse(e: unknown, requestId: string, log: Logger): Response {
  if (isDomainError(e)) return errorResponse(e.code, e.status, e.message, requestId, e.details, e.headers);
  log.error({ err: e, request_id: requestId }, "unhandled error");
  return errorResponse("internal_error", 500, "internal error", requestId);
}

/**
 * Turns the first zod issue into the contract's 400: a parameter that is absent → missing_parameter, a number
 * outside its bounds → parameter_out_of_range (with min/max), anything else → invalid_parameter.
 */
export function zodToValidationError(
  err: z.ZodError,
  raw: Record<string, unknown>,
  bodyError = false,
): ValidationError {
  const issue = err.issues[0];
  if (!issue) return new ValidationError("invalid_parameter", "invalid input");
  const param = issue.path.map(String).join(".") || "body";
  let value: unknown = raw;
  for (const p of issue.path)
    value = value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[p] : undefined;
  if (value === undefined && issue.code === "invalid_type") {
    return new ValidationError("missing_parameter", `${param}: is required`, { param });
  }
  if (issue.code === "too_small" || issue.code === "too_big") {
    const bound = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
    const numeric = issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint";
    if (numeric) {
      const details = { param, [issue.code === "too_small" ? "min" : "max"]: bound };
      return new ValidationError("parameter_out_of_range", `${param}: ${issue.message}`, details);
    }
  }
  return new ValidationError(bodyError ? "invalid_body" : "invalid_parameter", `${param}: ${issue.message}`, {
    param,
  });
}
