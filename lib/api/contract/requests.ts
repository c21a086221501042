import type { OperationSpec } from "../operations";
import { ROUTE_MODULES, type RouteModule } from "../route-modules";
import { WORLD_NOW, type World } from "./world";

const H = 3_600_000;

export interface OpInput {
  params?: Record<string, string>;
  query?: Record<string, string> | Array<[string, string]>;
  /** A JSON value, serialised; a string is sent as is. */
  body?: unknown;
}

export interface CallOptions {
  key?: string;
  /** How the key travels: the Bearer header (default) or the deprecated `api_key` query parameter. */
  keyVia?: "header" | "query";
  method?: string;
  headers?: Record<string, string>;
}

/** The unit vector along axis 0: close to the world's first articles and stories. */
export function axisVector(): number[] {
  const v = new Array<number>(1536).fill(0);
  v[0] = 1;
  return v;
}

/** A request each operation answers with 2xx on the world's data. */
export function validInput(op: OperationSpec, w: World, now: number): OpInput {
  const story = { id: String(w.storyId) };
  switch (op.operationId) {
    case "getStory":
      return { params: story };
    case "listStoryDevelopments":
      return { params: { id: w.storySlug } };
    case "getStoryUpdates":
      // Data-relative: the world was built at WORLD_NOW, whatever the clock says now.
      return { params: story, query: { since_ms: String(WORLD_NOW - 10 * H) } };
    case "getItem":
      return { query: { url_hash: w.articleHash } };
    case "getContent":
      return { query: { url_hash: w.contentHash, max_chars: "100" } };
    case "listRelated":
      return { query: { url_hash: w.articleHash } };
    case "search":
    case "searchFull":
      return { query: { q: "volcano" } };
    case "suggest":
      return { query: { q: "vol" } };
    case "vectorSearch":
      return { body: { embedding: axisVector(), limit: 5 } };
    case "getEmbedding":
      return { query: { type: "article", id: w.articleHash } };
    case "getEntity":
      return { params: { id: String(w.entityId) } };
    case "listEntityArticles":
      return { params: { id: w.entitySlug } };
    case "getEntityNetwork":
      return { query: { entity_id: String(w.entityId) } };
    case "getStoryEntityGraph":
      return { query: { story_id: String(w.storyId) } };
    case "backtest":
      return { query: { from: String(now - 24 * H), to: String(now) } };
    case "backtestWithFilters":
      return { body: { from: now - 24 * H, to: now } };
    default:
      return {};
  }
}

/** `encodeURIComponent` for any string: a lone surrogate (which no URL can carry) becomes U+FFFD. */
export function encodeAny(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );
}

/** The URL path of an operation with its path parameters filled in (encoded). */
export function pathOf(op: OperationSpec, params: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeAny(params[name] ?? ""));
}

export function buildRequest(op: OperationSpec, input: OpInput, opts: CallOptions = {}): Request {
  const url = new URL(`http://lede.test${pathOf(op, input.params)}`);
  const pairs = Array.isArray(input.query) ? input.query : Object.entries(input.query ?? {});
  for (const [k, v] of pairs) url.searchParams.append(k, v);
  const headers = new Headers(opts.headers);
  if (opts.key && opts.keyVia === "query") url.searchParams.set("api_key", opts.key);
  else if (opts.key) headers.set("Authorization", `Bearer ${opts.key}`);
  const method = opts.method ?? op.method;
  let body: string | undefined;
  if (input.body !== undefined && method !== "GET" && method !== "HEAD") {
    body = typeof input.body === "string" ? input.body : JSON.stringify(input.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  return new Request(url, { method, headers, body });
}

const modules = new Map<string, RouteModule>();

/** The route module serving an operation's path. */
export async function routeModule(path: string): Promise<RouteModule> {
  let mod = modules.get(path);
  if (!mod) {
    const load = ROUTE_MODULES[path];
    if (!load) throw new Error(`no route module for ${path}`);
    mod = await load();
    modules.set(path, mod);
  }
  return mod;
}

/** Calls the real route handler of `op` (or of another method on its path) the way Next calls it. */
export async function callRoute(op: OperationSpec, req: Request, params: Record<string, string> = {}) {
  const mod = await routeModule(op.path);
  const handler = mod[req.method as keyof RouteModule];
  if (!handler) throw new Error(`${op.path} exports no ${req.method} handler`);
  return handler(req, { params: Promise.resolve(params) });
}

export async function callOperation(op: OperationSpec, input: OpInput, opts: CallOptions = {}) {
  return callRoute(op, buildRequest(op, input, opts), input.params);
}
