import { expect } from "vitest";
import type { z } from "zod";

import type { Plan } from "../../db/types";
import { ErrorBody, STATUS_OF_CODE } from "../../openapi/schemas/error";
import { DEMO_REQUESTS_PER_MINUTE, PLAN_LIMITS } from "../../plans";

/** Reads a JSON body, failing with the text when it is not JSON. */
export async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`status ${res.status}: the body is not JSON: ${text.slice(0, 200)}`);
  }
}

/** The first few zod issues, readable. */
export function issuesOf(err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".")}: ${i.message}`)
    .join("; ");
}

/** Asserts a 2xx body satisfies `schema` and returns it. */
export async function expectBody(res: Response, schema: z.ZodType): Promise<unknown> {
  const body = await jsonOf(res);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`the body breaks the contract schema: ${issuesOf(parsed.error)}`);
  return body;
}

/**
 * Asserts the contract's error response (§4.1): the status, the code (which must belong to that status, §4.2), the
 * body shape, and `request_id` equal to the X-Request-Id header. Returns the error object.
 */
export async function expectError(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  const body = await jsonOf(res);
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) throw new Error(`the error body breaks §4.1: ${issuesOf(parsed.error)}`);
  const error = parsed.data.error;
  expect(error.status).toBe(status);
  expect(STATUS_OF_CODE[error.code]).toBe(status);
  if (code) expect(error.code).toBe(code);
  expect(error.request_id).toBe(res.headers.get("X-Request-Id"));
  if (status === 429 || status === 503) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  return error;
}

const int = (res: Response, name: string): number => {
  const v = res.headers.get(name);
  expect(v, name).toMatch(/^\d+$/);
  return Number(v);
};

/**
 * The headers every authenticated response carries (contract §5.4): X-RateLimit-* for the key's plan (or the demo
 * key's 5 a minute), X-Credits-* with the cost charged, and X-Request-Id. Returns the credit figures.
 */
export function expectMeteredHeaders(res: Response, plan: Plan | "demo", now: number) {
  expect(res.headers.get("X-Request-Id")).toMatch(/^req_\w+$/);
  const limit = int(res, "X-RateLimit-Limit");
  expect(limit).toBe(plan === "demo" ? DEMO_REQUESTS_PER_MINUTE : PLAN_LIMITS[plan].requestsPerMinute);
  expect(int(res, "X-RateLimit-Remaining")).toBeLessThanOrEqual(limit);
  const reset = int(res, "X-RateLimit-Reset");
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now / 1000));
  expect(reset).toBeLessThanOrEqual(Math.ceil((now + 60_000) / 1000));
  const cost = int(res, "X-Credits-Cost");
  const credits = int(res, "X-Credits-Limit");
  if (plan !== "demo") expect(credits).toBe(PLAN_LIMITS[plan].monthlyCredits);
  const used = int(res, "X-Credits-Used");
  expect(res.headers.get("X-Credits-Grace")).toBe(used >= credits ? "true" : null);
  expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  return { cost, used, limit: credits };
}
