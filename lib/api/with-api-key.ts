import type { z } from "zod";

import type { Plan } from "../db/types";
import { DomainError, ValidationError } from "../errors";
import type { VerifiedKey } from "../keys/verify-key";
import { DEMO_REQUESTS_PER_MINUTE, PLAN_LIMITS } from "../plans";
import { billingMonth, reserveCredits, resetsAt, type CreditCharge } from "../quota/credits";
import type { RateLimitResult } from "../quota/rate-limiter";
import { negotiateEncoding, PreparedJson } from "../serving/prepared-json";
import { collect, StreamedJson, type BodyStream } from "../serving/streamed-json";
import { queryObject } from "../validation/query";
import { assertPlan, assertScope, authenticate } from "./auth";
import { readBodyCapped } from "./body-limit";
import { getApiDeps, type ApiDeps } from "./deps";
import { newRequestId, toErrorResponse, zodToValidationError } from "./errors";

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type",
  "Access-Control-Expose-Headers":
    "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Credits-Cost, X-Credits-Limit, X-Credits-Used, X-Credits-Grace, Retry-After, X-Request-Id, Deprecation",
};

/** CORS_HEADERS under lower-case names, as replies carry them. */
const CORS = Object.fromEntries(Object.entries(CORS_HEADERS).map(([k, v]) => [k.toLowerCase(), v]));

const MAX_BODY_BYTES = 1024 * 1024;

/** Raw, unvalidated input, for the checks that run before validation (tier gates and credit cost). */
export interface RawInput {
  query: Record<string, string>;
  body: unknown;
}

export interface ApiRouteOptions<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType> {
  /** Route template for usage records, e.g. `/v1/stories/{id}`. */
  route: string;
  scope?: string;
  minPlan?: Plan;
  /** A plan needed by a feature the raw input asks for (e.g. include_embeddings → pro), with its name. */
  featurePlan?: (raw: RawInput) => { plan: Plan; feature: string } | undefined;
  cost?: number | ((raw: RawInput) => number);
  /** False for endpoints the sandbox demo key may not use (contract §3.1). */
  allowDemo?: boolean;
  query?: Q;
  body?: B;
  params?: P;
}

export interface ApiHandlerArgs<Q, B, P> {
  req: ApiRequest;
  query: Q;
  body: B;
  params: P;
  key: VerifiedKey;
  deps: ApiDeps;
  requestId: string;
  now: number;
}

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a /v1 request gets back: node:http writes it as is (lib/api/node-dispatch.ts), Next as a Response. */
export interface ApiReply {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** A large body sent in chunks instead of `body` (then empty); the writer calls its `close` once done. */
  stream?: BodyStream;
}

/** The part of a WHATWG Request a /v1 route reads; node:http requests are served without building a Request. */
export interface ApiRequest {
  url: string;
  method: string;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/** A /v1 route handler as Next calls it, with its node:http form beside it. */
export type ApiRoute = ((req: Request, ctx?: RouteContext) => Promise<Response>) & {
  reply(req: ApiRequest, ctx?: RouteContext): Promise<ApiReply>;
};

export function toResponse(reply: ApiReply): Response {
  const nullBody = reply.status === 204 || reply.status === 304;
  const body = reply.stream ? webStream(reply.stream) : (reply.body as unknown as BodyInit);
  return new Response(nullBody ? null : body, {
    status: reply.status,
    headers: reply.headers,
  });
}

function webStream(s: BodyStream): ReadableStream<Uint8Array> {
  let it: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      it ??= s.chunks[Symbol.asyncIterator]();
      try {
        const next = await it.next();
        if (next.done) {
          s.close();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (err) {
        s.close();
        controller.error(err);
      }
    },
    async cancel() {
      s.close();
      await it?.return?.();
    },
  });
}

/** A reply's whole body, streamed or not (tests and in-process callers). */
export async function replyBody(reply: ApiReply): Promise<Buffer> {
  return reply.stream ? collect(reply.stream) : reply.body;
}

/** A Response (from a handler, or an error) as a reply; the wrapper's headers go under the response's own. */
async function replyOf(response: Response, headers: Record<string, string>): Promise<ApiReply> {
  for (const [k, v] of response.headers) headers[k] = v;
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The one wrapper behind every metered /v1 route. It runs, in the contract's order (§4.2):
 * auth → scope → tier → rate limit → quota → validation → handler, then maps errors and records usage.
 * Credits are reserved before the handler and refunded unless the response is a 2xx.
 */
export function withApiKey<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
>(
  opts: ApiRouteOptions<Q, B, P>,
  handler: (args: ApiHandlerArgs<Out<Q>, Out<B>, Out<P>>) => Promise<unknown>,
): ApiRoute {
  const reply = async (req: ApiRequest, routeCtx?: RouteContext): Promise<ApiReply> => {
    const started = performance.now();
    const requestId = newRequestId();
    const deps = await getApiDeps();
    const now = deps.now?.() ?? Date.now();
    const url = new URL(req.url);
    const headers: Record<string, string> = { "x-request-id": requestId, ...CORS };
    let key: VerifiedKey | undefined;
    let charge: CreditCharge | undefined;
    let cost = 0;
    let out: ApiReply;
    let bytes: number | undefined;
    let limiterHeadersSet = false;
    try {
      const auth = await authenticate(req, url, deps);
      key = auth.key;
      if (auth.deprecated) headers["deprecation"] = "true";
      assertScope(key, opts.scope ?? "read");
      if (key.isDemo && opts.allowDemo === false) {
        throw new DomainError("demo_key_restricted", 403, "the sandbox demo key cannot use this endpoint");
      }
      assertPlan(key, opts.minPlan);
      // The body is read only for a key allowed on the route, and never past the limit (§4.2 order otherwise).
      const raw: RawInput = { query: queryObject(url), body: undefined };
      const bodyText = req.method === "POST" ? await readBodyCapped(req, MAX_BODY_BYTES) : undefined;
      if (bodyText !== undefined) raw.body = safeJson(bodyText);
      const feature = opts.featurePlan?.(raw);
      if (feature) assertPlan(key, feature.plan, feature.feature);

      const rpm = requestsPerMinute(key);
      const rl = await deps.limiter.hit(key.id, rpm, now);
      setRateLimitHeaders(headers, rl);
      limiterHeadersSet = true;
      if (!rl.allowed) {
        throw new DomainError(
          "rate_limited",
          429,
          `rate limit of ${rpm} requests per minute exceeded`,
          { limit: rpm },
          {
            "Retry-After": String(rl.retryAfterSec),
          },
        );
      }

      cost = key.isDemo ? 0 : typeof opts.cost === "function" ? opts.cost(raw) : (opts.cost ?? 1);
      charge = await reserveCredits(
        deps.store.credits,
        key.account.id,
        PLAN_LIMITS[key.account.plan].monthlyCredits,
        cost,
        now,
      );
      if (!charge.ok) {
        const retry = Math.max(1, Math.ceil((resetsAt(now) - now) / 1000));
        throw new DomainError(
          "quota_exhausted",
          429,
          "monthly credits are used up, including the grace band",
          {
            monthly_limit: charge.limit,
            grace_limit: charge.grace,
          },
          { "Retry-After": String(retry) },
        );
      }

      const params = parsePart(opts.params, routeCtx?.params ? await routeCtx.params : {}, false);
      const query = parsePart(opts.query, raw.query, false);
      if (opts.body && raw.body === BAD_JSON)
        throw new ValidationError("invalid_body", "the body is not valid JSON");
      if (opts.body && (typeof raw.body !== "object" || raw.body === null || Array.isArray(raw.body))) {
        throw new ValidationError("invalid_body", "the body must be a JSON object");
      }
      const body = parsePart(opts.body, raw.body, true);
      const result = await handler({
        req,
        query: query as Out<Q>,
        body: body as Out<B>,
        params: params as Out<P>,
        key,
        deps,
        requestId,
        now,
      });
      if (result instanceof Response) out = await replyOf(result, headers);
      else if (result instanceof StreamedJson) {
        bytes = result.length;
        const encoded = result.body(negotiateEncoding(req.headers.get("accept-encoding")));
        headers["content-type"] = "application/json; charset=utf-8";
        headers["vary"] = "Accept-Encoding";
        if (encoded.encoding !== "identity") headers["content-encoding"] = encoded.encoding;
        if (encoded.length !== undefined) headers["content-length"] = String(encoded.length);
        out = { status: 200, headers, body: Buffer.alloc(0), stream: encoded.stream };
      } else {
        const prepared = result instanceof PreparedJson ? result : PreparedJson.of(result);
        bytes = prepared.json.length;
        const encoded = prepared.body(negotiateEncoding(req.headers.get("accept-encoding")));
        headers["content-type"] = "application/json; charset=utf-8";
        headers["vary"] = "Accept-Encoding";
        if (encoded.encoding !== "identity") headers["content-encoding"] = encoded.encoding;
        headers["content-length"] = String(encoded.bytes.length);
        out = { status: 200, headers, body: encoded.bytes };
      }
    } catch (e) {
      out = await replyOf(toErrorResponse(e, requestId, deps.log), headers);
    }
    const ok = out.status >= 200 && out.status < 300;
    if (charge?.ok && !ok) await charge.refund();
    // Contract §5.4: the rate-limit and credit headers go on every authenticated response, including the 403s
    // decided before the limiter and the quota are reached (those neither use a request slot nor credits).
    if (key && !limiterHeadersSet) {
      setRateLimitHeaders(out.headers, await deps.limiter.peek(key.id, requestsPerMinute(key), now));
    }
    if (key) {
      const limit = PLAN_LIMITS[key.account.plan].monthlyCredits;
      const used = charge
        ? charge.ok && !ok
          ? charge.used - cost
          : charge.used
        : await deps.store.credits.used(key.account.id, billingMonth(now));
      out.headers["x-credits-cost"] = String(charge?.ok && ok ? cost : 0);
      out.headers["x-credits-limit"] = String(limit);
      out.headers["x-credits-used"] = String(used);
      if (used >= limit) out.headers["x-credits-grace"] = "true";
      deps.usage.record({
        keyId: key.id,
        accountId: key.account.id,
        ts: now,
        endpoint: `${req.method} ${opts.route}`,
        status: out.status,
        bytes: bytes ?? out.body.length,
        latencyMs: performance.now() - started,
        credits: charge?.ok && ok ? cost : 0,
      });
    }
    return out;
  };
  return Object.assign(async (req: Request, ctx?: RouteContext) => toResponse(await reply(req, ctx)), {
    reply,
  });
}

function requestsPerMinute(key: VerifiedKey): number {
  return key.isDemo ? DEMO_REQUESTS_PER_MINUTE : PLAN_LIMITS[key.account.plan].requestsPerMinute;
}

function setRateLimitHeaders(headers: Record<string, string>, rl: RateLimitResult): void {
  headers["x-ratelimit-limit"] = String(rl.limit);
  headers["x-ratelimit-remaining"] = String(rl.remaining);
  headers["x-ratelimit-reset"] = String(rl.resetSec);
}

const BAD_JSON = Symbol("bad json");

function safeJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return BAD_JSON;
  }
}

function parsePart(schema: z.ZodType | undefined, raw: unknown, isBody: boolean): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw zodToValidationError(parsed.error, (raw ?? {}) as Record<string, unknown>, isBody);
}
