import type { Logger } from "pino";
import type { z } from "zod";

import { getAuthRuntime } from "../auth/auth-runtime";
import { verifyCsrfToken } from "../auth/csrf";
import { parseCookieHeader, readSessionClaims } from "../auth/session-token";
import { loadSessionUser, type SessionUser } from "../auth/session-user";
import type { Store } from "../db/store";
import { DomainError, ValidationError } from "../errors";
import type { KeyVerifier } from "../keys/verify-key";
import type { UsageRecorder } from "../usage/usage-recorder";
import { queryObject } from "../validation/query";
import { readBodyCapped } from "./body-limit";
import { newRequestId, toErrorResponse, zodToValidationError } from "./errors";

/** What dashboard handlers need; tests build one around a temporary store. */
export interface SessionDeps {
  store: Store;
  keys: KeyVerifier;
  usage: UsageRecorder;
  log: Logger;
  secret: string;
  now?: () => number;
}

let override: (() => Promise<SessionDeps>) | undefined;

export function setSessionDepsForTesting(fn: (() => Promise<SessionDeps>) | undefined): void {
  override = fn;
}

async function getSessionDeps(): Promise<SessionDeps> {
  if (override) return override();
  const rt = await getAuthRuntime();
  return { ...rt.ctx, secret: rt.secret };
}

export interface SessionRouteOptions<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType> {
  query?: Q;
  body?: B;
  params?: P;
}

export interface SessionHandlerArgs<Q, B, P> extends SessionUser {
  req: Request;
  query: Q;
  body: B;
  params: P;
  deps: SessionDeps;
  requestId: string;
  now: number;
}

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * The wrapper behind every `app/api/internal` route: the steps of `withApiKey` without key, limit and quota.
 * Same-origin check for writes → session (next-auth's cookie) → validation → handler, with the contract's error
 * body (§4) for every failure. Responses are never cached.
 */
export function withSession<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
>(
  opts: SessionRouteOptions<Q, B, P>,
  handler: (args: SessionHandlerArgs<Out<Q>, Out<B>, Out<P>>) => Promise<unknown>,
): (req: Request, ctx?: RouteContext) => Promise<Response> {
  return async (req, routeCtx) => {
    const requestId = newRequestId();
    const deps = await getSessionDeps();
    const now = deps.now?.() ?? Date.now();
    let response: Response;
    try {
      if (req.method !== "GET" && req.method !== "HEAD") assertSameOrigin(req);
      const claims = await readSessionClaims(parseCookieHeader(req.headers.get("cookie")), deps.secret);
      const session = await loadSessionUser(deps.store, claims);
      if (!session) throw new DomainError("unauthorized", 401, "sign in to use the dashboard API");
      const params = parse(opts.params, routeCtx?.params ? await routeCtx.params : {}, false);
      const query = parse(opts.query, queryObject(new URL(req.url)), false);
      const body = opts.body ? parse(opts.body, await readJson(req), true) : undefined;
      const result = await handler({
        ...session,
        req,
        query: query as Out<Q>,
        body: body as Out<B>,
        params: params as Out<P>,
        deps,
        requestId,
        now,
      });
      response = result instanceof Response ? result : Response.json(result);
    } catch (e) {
      response = toErrorResponse(e, requestId, deps.log);
    }
    response.headers.set("X-Request-Id", requestId);
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  };
}

/**
 * For the signed-out forms outside next-auth's routes (sign-up): same-origin check, then next-auth's CSRF token
 * (`csrfToken` in the JSON body, checked against its cookie), then the body schema.
 */
export function withCsrfForm<B extends z.ZodType>(
  opts: { body: B },
  handler: (args: { req: Request; body: z.output<B>; deps: SessionDeps; now: number }) => Promise<unknown>,
): (req: Request) => Promise<Response> {
  return async (req) => {
    const requestId = newRequestId();
    const deps = await getSessionDeps();
    let response: Response;
    try {
      assertSameOrigin(req);
      const raw = (await readJson(req)) as Record<string, unknown>;
      if (!verifyCsrfToken(parseCookieHeader(req.headers.get("cookie")), raw.csrfToken, deps.secret)) {
        throw new DomainError("invalid_csrf_token", 403, "the form expired: reload the page and try again");
      }
      const body = parse(opts.body, raw, true) as z.output<B>;
      response = Response.json(await handler({ req, body, deps, now: deps.now?.() ?? Date.now() }));
    } catch (e) {
      response = toErrorResponse(e, requestId, deps.log);
    }
    response.headers.set("X-Request-Id", requestId);
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  };
}

/**
 * Cookies ride along on cross-site requests, so writes must come from our own pages: browsers say where a
 * request comes from in Sec-Fetch-Site and Origin. Clients that send neither are not browsers, and CSRF needs one.
 */
function assertSameOrigin(req: Request): void {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") throw crossSite();
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? new URL(req.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (originHost !== host) throw crossSite();
}

const crossSite = () =>
  new DomainError("cross_site_request", 403, "this request must come from the dashboard's own pages");

/** Dashboard bodies are small forms; the body is read as it streams and refused past this. */
const MAX_SESSION_BODY = 64 * 1024;

async function readJson(req: Request): Promise<unknown> {
  const text = await readBodyCapped(req, MAX_SESSION_BODY);
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new ValidationError("invalid_body", "the body must be a JSON object");
    }
    return value;
  } catch (e) {
    if (e instanceof SyntaxError) throw new ValidationError("invalid_body", "the body is not valid JSON");
    throw e;
  }
}

function parse(schema: z.ZodType | undefined, raw: unknown, isBody: boolean): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw zodToValidationError(parsed.error, (raw ?? {}) as Record<string, unknown>, isBody);
}
