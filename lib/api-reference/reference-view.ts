// The interactive API reference's view of the OpenAPI document (GET /v1/openapi.json): operations by tag, their
// parameters in words, request body examples and the error codes. Reads the document as plain JSON, so any
// OpenAPI 3.1 document of the same shape can be shown.

type Json = Record<string, unknown>;

export interface RefParam {
  name: string;
  in: "query" | "path" | "body";
  required: boolean;
  /** The type in words: "integer, 1–100", "one of json, base64", "comma-separated list of …". */
  type: string;
  description: string | null;
  default: string | null;
  enum: string[] | null;
  /**
   * How "Try it" takes the value, from the schema: a checkbox for a boolean, a select for one of a set of values,
   * a checkbox for each value of a list of them, and a text box for the rest.
   */
  control: "checkbox" | "select" | "choices" | "text";
}

export interface RefOperation {
  id: string;
  method: "GET" | "POST";
  path: string;
  tag: string;
  summary: string;
  /** Key needed (false only for open endpoints such as /v1/version). */
  auth: boolean;
  scope: string | null;
  minTier: string;
  featureTiers: Record<string, string>;
  credits: number;
  demoKey: boolean;
  params: RefParam[];
  /** A JSON body to start from (required fields and defaults filled in). */
  bodyExample: string | null;
  responses: Array<{ status: string; description: string }>;
}

export interface RefErrorCode {
  code: string;
  /** Null for a code of the error schema that no operation's responses name (e.g. an unknown path's). */
  status: number | null;
  meaning: string;
}

export interface ReferenceView {
  title: string;
  version: string;
  groups: Array<{ tag: string; operations: RefOperation[] }>;
  errors: RefErrorCode[];
}

const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** A schema's type in words, for the parameter table. */
export function describeSchema(schemaRaw: unknown): string {
  const s = obj(schemaRaw);
  const en = Array.isArray(s.enum) ? s.enum.map(String) : null;
  if (en) return `one of ${en.join(", ")}`;
  if (s.type === "array") return `comma-separated list of ${describeSchema(s.items).replace(/^one of /, "")}`;
  const min = typeof s.minimum === "number" ? s.minimum : null;
  const max = typeof s.maximum === "number" ? s.maximum : null;
  const range =
    min !== null && max !== null
      ? `, ${min}–${max}`
      : min !== null
        ? `, ≥ ${min}`
        : max !== null
          ? `, ≤ ${max}`
          : "";
  const len = typeof s.maxLength === "number" ? `, at most ${s.maxLength} characters` : "";
  return `${str(s.type) ?? "value"}${range}${len}`;
}

function toParam(raw: unknown): RefParam {
  const p = obj(raw);
  const schema = obj(p.schema);
  const items = obj(schema.items);
  const en = Array.isArray(schema.enum) ? schema.enum : Array.isArray(items.enum) ? items.enum : null;
  const control =
    schema.type === "boolean"
      ? "checkbox"
      : Array.isArray(schema.enum)
        ? "select"
        : schema.type === "array" && Array.isArray(items.enum)
          ? "choices"
          : "text";
  return {
    name: String(p.name),
    in: p.in === "path" ? "path" : "query",
    required: p.required === true,
    type: describeSchema(schema),
    description: str(p.description) ?? str(schema.description),
    default: schema.default === undefined ? null : String(schema.default),
    enum: en ? en.map(String) : null,
    control,
  };
}

function bodyOf(op: Json): { params: RefParam[]; example: string | null } {
  const schema = obj(obj(obj(obj(op.requestBody).content)["application/json"]).schema);
  const props = obj(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const params = Object.entries(props).map(([name, s]) => ({
    ...toParam({
      name,
      in: "body",
      schema: s,
      required: required.has(name),
      description: obj(s).description,
    }),
    in: "body" as const,
  }));
  if (params.length === 0) return { params, example: null };
  const example: Json = {};
  for (const [name, raw] of Object.entries(props)) {
    const s = obj(raw);
    if (s.default !== undefined) example[name] = s.default;
    else if (required.has(name)) example[name] = s.type === "array" ? [] : s.type === "integer" ? 0 : "";
  }
  return { params, example: JSON.stringify(example, null, 2) };
}

function toOperation(path: string, method: string, raw: unknown): RefOperation {
  const op = obj(raw);
  const credits = obj(op["x-lede-credits"]);
  const body = bodyOf(op);
  const security = Array.isArray(op.security) ? op.security : null;
  return {
    id: str(op.operationId) ?? `${method}-${path}`,
    method: method.toUpperCase() === "POST" ? "POST" : "GET",
    path,
    tag: Array.isArray(op.tags) ? String(op.tags[0]) : "Other",
    summary: str(op.summary) ?? "",
    auth: security === null || security.length > 0,
    scope: str(op["x-lede-scope"]),
    minTier: str(op["x-lede-min-tier"]) ?? "free",
    featureTiers: Object.fromEntries(
      Object.entries(obj(op["x-lede-feature-tiers"])).map(([k, v]) => [k, String(v)]),
    ),
    credits: typeof credits.credits === "number" ? credits.credits : 0,
    demoKey: op["x-lede-demo-key"] === true,
    params: [...(Array.isArray(op.parameters) ? op.parameters.map(toParam) : []), ...body.params],
    bodyExample: body.example,
    responses: Object.entries(obj(op.responses)).map(([status, r]) => {
      const ref = str(obj(r).$ref);
      return { status, description: ref ? (ref.split("/").pop() ?? "") : (str(obj(r).description) ?? "") };
    }),
  };
}

/** Every error code with its HTTP status and meaning, read from the document's shared responses. */
function errorCodes(doc: Json): RefErrorCode[] {
  const shared = obj(obj(doc.components).responses);
  // The shared responses are named (BadRequest, …): operations say which status each one answers.
  const statusOf = new Map<string, number>();
  for (const ops of Object.values(obj(doc.paths)))
    for (const op of Object.values(obj(ops)))
      for (const [status, r] of Object.entries(obj(obj(op).responses))) {
        const ref = str(obj(r).$ref);
        if (ref) statusOf.set(ref.split("/").pop() ?? "", Number(status));
      }
  const out: RefErrorCode[] = [];
  for (const [name, r] of Object.entries(shared)) {
    const description = str(obj(r).description) ?? "";
    const at = description.search(/Codes?:/);
    if (at < 0) continue;
    const meaning = description.slice(0, at).trim();
    for (const m of description.slice(at).matchAll(/`([a-z_]+)`/g))
      out.push({ code: m[1] as string, status: statusOf.get(name) ?? null, meaning });
  }
  const schema = obj(obj(obj(obj(obj(obj(doc.components).schemas).Error).properties).error).properties).code;
  const known = new Set(out.map((e) => e.code));
  for (const code of Array.isArray(obj(schema).enum) ? (obj(schema).enum as unknown[]).map(String) : [])
    if (!known.has(code)) out.push({ code, status: null, meaning: "" });
  return out.sort((a, b) => (a.status ?? 999) - (b.status ?? 999));
}

export function toReferenceView(docRaw: unknown): ReferenceView {
  const doc = obj(docRaw);
  const info = obj(doc.info);
  const groups = new Map<string, RefOperation[]>();
  for (const t of Array.isArray(doc.tags) ? doc.tags : []) groups.set(String(obj(t).name), []);
  for (const [path, ops] of Object.entries(obj(doc.paths)))
    for (const [method, op] of Object.entries(obj(ops))) {
      if (method !== "get" && method !== "post") continue;
      const o = toOperation(path, method, op);
      groups.set(o.tag, [...(groups.get(o.tag) ?? []), o]);
    }
  return {
    title: str(info.title) ?? "API",
    version: str(info.version) ?? "",
    groups: [...groups].filter(([, ops]) => ops.length).map(([tag, operations]) => ({ tag, operations })),
    errors: errorCodes(doc),
  };
}
