import { z } from "zod";

/** Every error code of contract §4.2, plus the backtest/vector ones it lists. */
export const ERROR_CODES = [
  "missing_parameter",
  "invalid_parameter",
  "parameter_out_of_range",
  "invalid_body",
  "invalid_embedding",
  "backtest_range_too_old",
  "backtest_window_too_large",
  "too_many_embedding_filters",
  "missing_api_key",
  "invalid_api_key",
  "insufficient_scope",
  "tier_required",
  "demo_key_restricted",
  "not_found",
  "route_not_found",
  "method_not_allowed",
  "payload_too_large",
  "rate_limited",
  "quota_exhausted",
  "internal_error",
  "service_unavailable",
] as const;

/** Which codes each HTTP status may carry (contract §4.2). */
export const STATUS_OF_CODE: Record<(typeof ERROR_CODES)[number], number> = {
  missing_parameter: 400,
  invalid_parameter: 400,
  parameter_out_of_range: 400,
  invalid_body: 400,
  invalid_embedding: 400,
  backtest_range_too_old: 400,
  backtest_window_too_large: 400,
  too_many_embedding_filters: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  insufficient_scope: 403,
  tier_required: 403,
  demo_key_restricted: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  rate_limited: 429,
  quota_exhausted: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** The error body of contract §4.1. */
export const ErrorBody = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES).describe("stable and machine-readable: branch on this, not on the message"),
    message: z.string().min(1).describe("human-readable; may change"),
    status: z.number().int().min(400).max(599).describe("equals the HTTP status"),
    request_id: z.string().min(1).describe("equals the X-Request-Id header"),
    details: z.record(z.string(), z.unknown()).optional().describe("code-specific"),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
