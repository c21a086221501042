import { componentJsonSchemas, componentName } from "./components";
import type { OperationSpec } from "./operation-spec";
import { describeParams, jsonSchemaOf, tidySchema, type ParamInfo } from "./query-parameters";
import { ERROR_CODES, STATUS_OF_CODE } from "./schemas/error";

type Json = Record<string, unknown>;

export interface DocumentInfo {
  version: string;
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const METERED_HEADERS = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-Credits-Cost",
  "X-Credits-Limit",
  "X-Credits-Used",
  "X-Credits-Grace",
  "Deprecation",
];

const HEADERS: Record<string, { description: string; schema: Json }> = {
  "X-Request-Id": {
    description: "An opaque id of this request; error bodies repeat it.",
    schema: { type: "string" },
  },
  "X-RateLimit-Limit": {
    description: "Requests allowed per minute for this key.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    description: "Unix time in seconds when a request slot frees up.",
    schema: { type: "integer" },
  },
  "X-Credits-Cost": {
    description: "Credits charged for this request (0 for any 4xx/5xx).",
    schema: { type: "integer" },
  },
  "X-Credits-Limit": {
    description: "The account's monthly credits (monthly_limit).",
    schema: { type: "integer" },
  },
  "X-Credits-Used": {
    description: "Credits used this billing month, after this request.",
    schema: { type: "integer" },
  },
  "X-Credits-Grace": {
    description: "Present (`true`) only while monthly_limit ≤ monthly_used < grace_limit.",
    schema: { type: "string", enum: ["true"] },
  },
  Deprecation: {
    description: "`true` when the deprecated `api_key` query parameter was used.",
    schema: { type: "string", enum: ["true"] },
  },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
  Allow: { description: "The methods the path answers.", schema: { type: "string" } },
};

const ERROR_RESPONSES: Record<string, { status: number; description: string; codes: string[] }> = {
  BadRequest: {
    status: 400,
    description: "A parameter or the body is missing or invalid; `details` names the parameter.",
    codes: ERROR_CODES.filter((c) => STATUS_OF_CODE[c] === 400),
  },
  Unauthorized: {
    status: 401,
    description: "No key, or a malformed, unknown or revoked key.",
    codes: ["missing_api_key", "invalid_api_key"],
  },
  Forbidden: {
    status: 403,
    description: "The key lacks the scope, the plan lacks the tier, or the demo key is refused.",
    codes: ["insufficient_scope", "tier_required", "demo_key_restricted"],
  },
  NotFound: { status: 404, description: "An unknown id or slug (`details.resource`).", codes: ["not_found"] },
  MethodNotAllowed: { status: 405, description: "Known path, wrong method.", codes: ["method_not_allowed"] },
  PayloadTooLarge: { status: 413, description: "The body is over 1 MiB.", codes: ["payload_too_large"] },
  TooManyRequests: {
    status: 429,
    description: "Over the per-minute limit, or monthly credits used up past the grace limit.",
    codes: ["rate_limited", "quota_exhausted"],
  },
  InternalError: { status: 500, description: "An unexpected failure.", codes: ["internal_error"] },
  ServiceUnavailable: {
    status: 503,
    description: "A dependency is unavailable.",
    codes: ["service_unavailable"],
  },
};

function errorResponse(name: string): Json {
  const r = ERROR_RESPONSES[name];
  if (!r) throw new Error(`unknown error response ${name}`);
  const headers: Json = { "X-Request-Id": ref("headers", "X-Request-Id") };
  if (r.status === 429 || r.status === 503) headers["Retry-After"] = ref("headers", "Retry-After");
  if (r.status === 405) headers.Allow = ref("headers", "Allow");
  return {
    description: `${r.description} Codes: ${r.codes.map((c) => `\`${c}\``).join(", ")}.`,
    headers,
    content: { "application/json": { schema: ref("schemas", "Error") } },
  };
}

function parameter(p: ParamInfo, where: "query" | "path", doc: OperationSpec["paramDocs"]): Json {
  const extra = doc?.[p.name];
  const schema = { ...p.schema, ...(extra?.schema ?? {}) };
  const out: Json = { name: p.name, in: where, required: where === "path" || p.required, schema };
  if (extra?.description) out.description = extra.description;
  if (p.kind === "csv") {
    out.style = "form";
    out.explode = false;
    out.description = [
      extra?.description,
      "Comma-separated; entries trimmed, empty ones dropped, at most 100.",
    ]
      .filter(Boolean)
      .join(". ");
  }
  return out;
}

const PLAN_NAMES: Record<string, string> = {
  free: "Free",
  starter: "Starter",
  pro: "Pro",
  business: "Business",
};
const planName = (p: string) => PLAN_NAMES[p] ?? p;

/** Who may call the operation and what it costs, in words: the operation's description in the document. */
function accessNote(o: OperationSpec): string {
  if (!o.auth) return "Open: no key is needed, and no credits are charged.";
  const plan = o.minTier ? `the ${planName(o.minTier)} plan or higher` : "any plan";
  const features = (o.featureTiers ?? [])
    .filter((f) => f.tier !== o.minTier)
    .map((f) => ` ${f.feature} needs the ${planName(f.tier)} plan.`)
    .join("");
  const demo = o.demoAllowed ? "" : " The public demo key is refused.";
  return `Needs a key with the \`${o.scope ?? "read"}\` scope, on ${plan}.${features}${demo} ${costNote(o)}`;
}

function costNote(o: OperationSpec): string {
  const c = o.cost;
  if (c.credits === 0) return "No credits are charged.";
  const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}${c.perPage ? " a page" : ""}`;
  const extra = c.embeddingsExtra
    ? `, ${credits(c.credits + c.embeddingsExtra)} with include_embeddings${c.perPage ? " or embedding_filters" : ""}`
    : "";
  return `Costs ${credits(c.credits)}${extra}; failed requests are never charged.`;
}

function operation(o: OperationSpec): Json {
  const parameters: Json[] = [
    ...(o.params ? describeParams(o.params).map((p) => parameter(p, "path", o.paramDocs)) : []),
    ...(o.query ? describeParams(o.query).map((p) => parameter(p, "query", o.paramDocs)) : []),
  ];
  const name = componentName(o.response);
  const responseHeaders: Json = { "X-Request-Id": ref("headers", "X-Request-Id") };
  if (o.auth) for (const h of METERED_HEADERS) responseHeaders[h] = ref("headers", h);
  const responses: Json = {
    "200": {
      description: "Success.",
      headers: responseHeaders,
      content: {
        "application/json": { schema: name ? ref("schemas", name) : jsonSchemaOf(o.response, "output") },
      },
    },
  };
  if (o.params || o.query || o.body) responses["400"] = ref("responses", "BadRequest");
  if (o.auth) {
    responses["401"] = ref("responses", "Unauthorized");
    responses["403"] = ref("responses", "Forbidden");
  }
  if (o.notFound || o.params) responses["404"] = ref("responses", "NotFound");
  responses["405"] = ref("responses", "MethodNotAllowed");
  if (o.body) responses["413"] = ref("responses", "PayloadTooLarge");
  if (o.auth) responses["429"] = ref("responses", "TooManyRequests");
  responses["500"] = ref("responses", "InternalError");
  responses["503"] = ref("responses", "ServiceUnavailable");

  const out: Json = {
    operationId: o.operationId,
    tags: [o.tag],
    summary: o.summary,
    description: [o.description, accessNote(o)].filter(Boolean).join("\n\n"),
    parameters,
    responses,
    security: o.auth ? [{ bearerAuth: [] }, { apiKeyQuery: [] }] : [],
    "x-lede-contract-row": o.n,
    "x-lede-scope": o.scope,
    "x-lede-min-tier": o.minTier ?? "free",
    "x-lede-feature-tiers": Object.fromEntries((o.featureTiers ?? []).map((f) => [f.feature, f.tier])),
    "x-lede-credits": {
      credits: o.cost.credits,
      ...(o.cost.embeddingsExtra ? { embeddings_extra: o.cost.embeddingsExtra } : {}),
      ...(o.cost.perPage ? { per_page: true } : {}),
    },
    "x-lede-demo-key": o.demoAllowed,
  };
  if (o.body) {
    out.requestBody = {
      required: true,
      content: { "application/json": { schema: describeFields(jsonSchemaOf(o.body, "input"), o.paramDocs) } },
    };
  }
  return out;
}

/** A body schema with the operation's field descriptions added where the zod schema gives none. */
function describeFields(schema: Json, docs: OperationSpec["paramDocs"]): Json {
  const props = schema.properties as Record<string, Json> | undefined;
  for (const [name, prop] of Object.entries(props ?? {})) {
    const description = docs?.[name]?.description;
    if (description && prop.description === undefined) prop.description = description;
  }
  return schema;
}

/**
 * The OpenAPI 3.1 document of the /v1 API, generated from the operation registry: parameters from the zod schemas
 * the routes validate with, responses from the schemas the contract suite checks real responses against.
 * Response objects carry no `additionalProperties: false`: within v1 fields are only ever added (contract §10), and
 * clients must ignore the ones they do not know.
 */
export function buildOpenApiDocument(operations: readonly OperationSpec[], info: DocumentInfo): Json {
  const paths: Record<string, Json> = {};
  for (const o of operations) {
    const item = (paths[o.path] ??= {});
    item[o.method.toLowerCase()] = operation(o);
  }
  const schemas = componentJsonSchemas();
  for (const s of Object.values(schemas)) dropClosedObjects(s);
  return {
    openapi: "3.1.0",
    info: {
      title: "Lede API",
      version: info.version,
      summary: "News intelligence: stories, articles, entities, graphs, sources, search and backtest.",
      description:
        "Authenticate with `Authorization: Bearer <key>`. The `api_key` query parameter still works but is deprecated " +
        "(responses carry `Deprecation: true`). Every error uses the body of `#/components/schemas/Error`. " +
        "Timestamps are Unix milliseconds. Clients must ignore fields they do not know.",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: "/" }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(Object.keys(ERROR_RESPONSES).map((n) => [n, errorResponse(n)])),
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([n, h]) => [n, { description: h.description, schema: h.schema }]),
      ),
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key: `lede_live_` or `lede_test_` followed by 64 lowercase hex characters.",
        },
        apiKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "api_key",
          description: "Deprecated: the same key as a query parameter. Responses add `Deprecation: true`.",
          "x-deprecated": true,
        },
      },
    },
  };
}

function dropClosedObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropClosedObjects);
  if (!node || typeof node !== "object") return;
  const o = node as Json;
  if (o.additionalProperties === false) delete o.additionalProperties;
  for (const v of Object.values(o)) dropClosedObjects(v);
  tidySchema(o);
}
