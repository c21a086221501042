import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

import { withoutBadCallbackUrl } from "../auth/auth-request-guard";
import type { BodyStream } from "../serving/streamed-json";
import { errorBody, newRequestId } from "./errors";
import { OPERATIONS } from "./operations";
import { ROUTE_MODULES, type RouteModule } from "./route-modules";
import { CORS_HEADERS, type ApiRequest, type ApiRoute } from "./with-api-key";

interface Route {
  template: string;
  names: string[];
  pattern: RegExp;
  load: () => Promise<RouteModule>;
  module?: RouteModule;
}

/**
 * The /v1 routes of the operation registry, matched on node:http without Next's request path in between. The
 * handlers are the route modules Next serves (app/v1/**), so nothing is written twice. Fixed segments are matched
 * before parameters (`/v1/stories/ranked` before `/v1/stories/{id}`, contract §1).
 */
function routes(): Route[] {
  return [...new Set(OPERATIONS.map((o) => o.path))]
    .sort((a, b) => a.split("{").length - b.split("{").length)
    .map((template) => {
      const load = ROUTE_MODULES[template];
      if (!load) throw new Error(`no route module for ${template}`);
      return {
        template,
        names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        pattern: new RegExp(`^${template.replace(/\{\w+\}/g, "([^/]+)")}$`),
        load,
      };
    });
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A node:http handler for the /v1 operations: it answers a request whose path and method a /v1 route module serves
 * and returns true, or returns false and leaves the request to the caller (Next: pages, unknown /v1 paths, HEAD).
 */
export function v1Dispatcher(onError: (err: unknown) => void): NodeHandler {
  const table = routes();
  return (req, res) => {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const pathname = q < 0 ? raw : raw.slice(0, q);
    if (pathname.includes("%") && !decodable(pathname)) {
      refuseMalformedPath(pathname, res);
      return true;
    }
    // next-auth reads cookies from the incoming message itself, so a bad callback cookie is dropped here.
    if (pathname.startsWith("/api/auth/") && req.headers.cookie) {
      const clean = withoutBadCallbackUrl(new URL("http://x/"), req.headers.cookie);
      if (clean.changed) req.headers.cookie = clean.cookie ?? "";
    }
    if (!raw.startsWith("/v1/")) return false;
    let route: Route | undefined;
    let values: string[] = [];
    for (const r of table) {
      const m = r.pattern.exec(pathname);
      if (m) {
        route = r;
        values = m.slice(1);
        break;
      }
    }
    const method = req.method ?? "GET";
    if (!route || method === "HEAD") return false;
    const params = Object.fromEntries(
      route.names.map((n, i) => [n, decodeURIComponent(values[i] as string)]),
    );
    void serve(route, method, params, req, res).catch((err: unknown) => {
      onError(err);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
    return true;
  };
}

async function serve(
  route: Route,
  method: string,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  route.module ??= await route.load();
  const handler = route.module[method as keyof RouteModule];
  if (!handler) {
    res.writeHead(405, { Allow: Object.keys(route.module).join(", ") }).end();
    return;
  }
  const ctx = { params: Promise.resolve(params) };
  // Routes behind withApiKey answer a plain request with a plain reply: no WHATWG objects on the way.
  const direct = (handler as Partial<ApiRoute>).reply;
  if (direct) {
    const reply = await direct(apiRequest(req, method), ctx);
    drainUnreadBody(req, res);
    res.writeHead(reply.status, reply.headers);
    if (reply.stream) await writeStream(reply.stream, res);
    else res.end(reply.body);
    return;
  }
  const response = await handler(toRequest(req, method), ctx);
  drainUnreadBody(req, res);
  res.statusCode = response.status;
  for (const [k, v] of response.headers) res.setHeader(k, v);
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
    .on("error", () => res.destroy())
    .pipe(res);
}

/** Writes a streamed body a chunk at a time, waiting while the client has not read the last one. */
async function writeStream(body: BodyStream, res: ServerResponse): Promise<void> {
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done);
        res.off("close", done);
        resolve();
      };
      res.once("drain", done);
      res.once("close", done);
    });
  try {
    for await (const chunk of body.chunks) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await drained();
    }
    if (!res.destroyed) res.end();
  } finally {
    body.close();
  }
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path whose percent-escapes do not decode (`%ff`, `%c0`, a lone `%`) names nothing: 400, with the contract's
 * error body on /v1 and a plain one elsewhere, before a page or route handler tries to decode it.
 */
function refuseMalformedPath(pathname: string, res: ServerResponse): void {
  if (pathname.startsWith("/v1/") || pathname === "/v1") {
    const requestId = newRequestId();
    const body = errorBody(
      "invalid_parameter",
      400,
      "the request path holds a malformed percent-escape",
      requestId,
    );
    res.writeHead(400, {
      ...CORS_HEADERS,
      "Content-Type": "application/json",
      "X-Request-Id": requestId,
    });
    res.end(JSON.stringify(body));
    return;
  }
  res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
  res.end("Bad request: the path holds a malformed percent-escape.\n");
}

const urlOf = (req: IncomingMessage) => `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;

/**
 * The body streams, read only as the route asks for it: the route reads it with its own byte limit and may refuse
 * it (or the request) before reading it all.
 */
function bodyOf(req: IncomingMessage, method: string): ReadableStream<Uint8Array> | null {
  if (method === "GET" || method === "OPTIONS" || method === "DELETE") return null;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const onData = (chunk: Buffer) => {
    controller?.enqueue(chunk);
    if ((controller?.desiredSize ?? 0) <= 0) req.pause();
  };
  let listening = false;
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (!listening) {
          listening = true;
          req.on("data", onData);
          req.once("end", () => controller?.close());
          req.once("error", (err) => controller?.error(err));
        }
        req.resume();
      },
      cancel() {
        req.off("data", onData);
        req.pause();
        controller = undefined;
      },
    },
    { highWaterMark: 4 },
  );
}

/**
 * When the answer goes out before the body was read to its end (refused for its size, or for the key), what is
 * still arriving is read and dropped after the answer, so the connection ends cleanly: closing a socket with
 * unread data resets it, and the client can lose the answer with it. A sender that keeps going past
 * LINGER_BYTES or LINGER_MS more is cut off.
 */
function drainUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || !bodyMethods.has(req.method ?? "")) return;
  res.once("finish", () => {
    req.removeAllListeners("data");
    let drained = 0;
    const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
    cut.unref();
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) req.socket.destroy();
    });
    req.once("end", () => clearTimeout(cut));
    req.once("close", () => clearTimeout(cut));
    req.resume();
  });
}

const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 10_000;
const bodyMethods = new Set(["POST", "PUT", "PATCH"]);

function apiRequest(req: IncomingMessage, method: string): ApiRequest {
  return {
    url: urlOf(req),
    method,
    headers: {
      get(name) {
        const v = req.headers[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
      },
    },
    body: bodyOf(req, method),
  };
}

function toRequest(req: IncomingMessage, method: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  }
  const body = bodyOf(req, method);
  return new Request(urlOf(req), {
    method,
    headers,
    ...(body ? { body, duplex: "half" } : {}),
  } as RequestInit);
}
