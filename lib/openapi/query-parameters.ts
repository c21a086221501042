import { z } from "zod";

/** What a query or path parameter accepts, read from the zod schema a route validates it with. */
export interface ParamInfo {
  name: string;
  required: boolean;
  /** The value the server uses when the parameter is missing. */
  default?: unknown;
  kind: "integer" | "number" | "boolean" | "enum" | "csv" | "string";
  minimum?: number;
  maximum?: number;
  values?: string[];
  /** JSON Schema of the value (OpenAPI 3.1 / JSON Schema 2020-12). */
  schema: Record<string, unknown>;
}

const BOOLEAN_WORDS = ["0", "1", "false", "true"];

/**
 * The parameters of a query (or path) schema: a `z.object` whose fields take strings and may transform them.
 * Each field is followed through optional wrappers and pipes to the schema that states its meaning: for a pipe,
 * the output side unless that side is only a transform (then the input side). A field's default is what the field
 * parses `undefined` to, so defaults hidden in transforms are found too.
 */
export function describeParams(schema: z.ZodType): ParamInfo[] {
  const object = objectOf(schema);
  return Object.entries(object.shape).map(([name, field]) => describeField(name, field as z.ZodType));
}

function objectOf(schema: z.ZodType): z.ZodObject {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodPipe) s = s.in as z.ZodType;
  if (!(s instanceof z.ZodObject)) throw new Error("a query schema must be a z.object");
  return s;
}

function describeField(name: string, field: z.ZodType): ParamInfo {
  const missing = field.safeParse(undefined);
  const required = !missing.success;
  const leaf = meaningOf(field);
  const schema = jsonSchemaOf(leaf);
  const info: ParamInfo = { name, required, kind: "string", schema };
  if (missing.success && missing.data !== undefined) info.default = missing.data;
  if (schema.type === "integer" || schema.type === "number") {
    info.kind = schema.type;
    if (typeof schema.minimum === "number") info.minimum = schema.minimum;
    if (typeof schema.maximum === "number") info.maximum = schema.maximum;
  } else if (Array.isArray(schema.enum)) {
    const values = schema.enum.map(String);
    if ([...values].sort().join() === BOOLEAN_WORDS.join()) {
      info.kind = "boolean";
      info.schema = { type: "boolean", description: "true, false, 1 or 0" };
    } else {
      info.kind = "enum";
      info.values = values;
    }
  } else if (schema.type === "array") {
    info.kind = "csv";
  }
  if (info.default !== undefined) info.schema = { ...info.schema, default: info.default };
  return info;
}

/** The schema that states what a field means, past optional/default wrappers and transform-only pipe ends. */
function meaningOf(field: z.ZodType): z.ZodType {
  let s: z.ZodType = field;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable)
      s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = (s.out instanceof z.ZodTransform ? s.in : s.out) as z.ZodType;
    else return s;
  }
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** JSON Schema of a leaf, without `$schema` and without the ±2^53 bounds zod adds to every integer. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "input"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return tidySchema(json);
}

/** Removes `$schema`/`$id` and the safe-integer bounds, in place, recursively; returns the schema. */
export function tidySchema<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const n of node) tidySchema(n);
    return node;
  }
  if (node && typeof node === "object") {
    const o = node as Record<string, unknown>;
    delete o.$schema;
    delete o.$id;
    if (o.maximum === SAFE) delete o.maximum;
    if (o.minimum === -SAFE) delete o.minimum;
    for (const v of Object.values(o)) tidySchema(v);
  }
  return node;
}
