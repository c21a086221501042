// The two backends answer alike: every operation of the registry, on the same world built into a SQLite store and
// into the PostgreSQL store (PGlite with pgvector), with its valid input and with each value of its enum and boolean
// parameters and a few page sizes, gives the same status and the same body on both. Left out of the comparison, as
// the contract allows them to differ:
// - /v1/search/full `rank`: BM25 (FTS5) and ts_rank are different scales (the schema says a number); the world's
//   queries are single terms, where both order alike, and the order is compared;
// - relationship ids in /v1/graph/entity-network: opaque ids; PostgreSQL's upsert takes a sequence value even when
//   it updates the existing row, so they have gaps SQLite's do not;
// - what /v1/usage measures of earlier requests: latency and response bytes (and the key id, random per key);
// - vector distances past float32 precision: sqlite-vec sums in float32, pgvector in double (compared to 6 digits);
// - wall-clock times (`generated_at`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Store } from "../../db/store";
import { describeParams } from "../../openapi/query-parameters";
import { setApiDepsForTesting } from "../deps";
import { OPERATIONS, type OperationSpec } from "../operations";
import { jsonOf } from "./expect-response";
import { openHarness, openPostgresHarness, type Harness } from "./harness";
import { callOperation, validInput, type OpInput } from "./requests";

const MEASURED = new Set(["key_id", "avg_latency_ms", "bytes", "total_bytes"]);

/** The body without what may differ between backends (see above). */
function comparable(op: OperationSpec, body: unknown): unknown {
  const walk = (v: unknown, parent: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, parent));
    if (typeof v === "number" && !Number.isInteger(v)) return Number(v.toPrecision(6));
    if (!v || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (MEASURED.has(k) && op.operationId === "getUsage") continue;
      if (k === "request_id" || k === "generated_at") continue;
      if (k === "rank" && op.operationId === "searchFull") continue;
      if (k === "id" && parent === "edges" && op.operationId === "getEntityNetwork") continue;
      out[k] = walk(x, k);
    }
    return out;
  };
  return walk(body, "");
}

/** The valid input, then one variant per enum value, boolean and small page size of each query parameter. */
function inputsOf(op: OperationSpec, valid: OpInput): Array<[label: string, input: OpInput]> {
  const out: Array<[string, OpInput]> = [["valid", valid]];
  if (op.method !== "GET" || !op.query) return out;
  const base = (valid.query as Record<string, string> | undefined) ?? {};
  for (const p of describeParams(op.query)) {
    const values =
      p.kind === "enum"
        ? (p.values ?? [])
        : p.kind === "boolean"
          ? ["true", "false"]
          : p.kind === "integer" && /limit|offset/.test(p.name)
            ? ["1", "2"]
            : [];
    for (const v of values) out.push([`${p.name}=${v}`, { ...valid, query: { ...base, [p.name]: v } }]);
  }
  return out;
}

type Answers = Map<string, { status: number; body: unknown }>;

/** Every operation's answers on the harness's world, in one fixed order of requests (one key, one clock). */
async function answers(h: Harness<Store>): Promise<Answers> {
  setApiDepsForTesting(async () => h.t.deps);
  const key = await h.key("business");
  const out: Answers = new Map();
  for (const op of OPERATIONS)
    for (const [label, input] of inputsOf(op, validInput(op, h.world, h.clock.now))) {
      h.clock.now += 1_000;
      const res = await callOperation(op, input, { key: op.auth ? key : undefined });
      out.set(`#${op.n} ${op.operationId} ${label}`, {
        status: res.status,
        body: comparable(op, await jsonOf(res)),
      });
    }
  return out;
}

let sqlite: Answers;
let postgres: Answers;
beforeAll(async () => {
  const a = await openHarness();
  try {
    sqlite = await answers(a);
  } finally {
    await a.close();
  }
  const b = await openPostgresHarness();
  try {
    postgres = await answers(b);
  } finally {
    await b.close();
  }
}, 120_000);
afterAll(() => setApiDepsForTesting(undefined));

describe("SQLite and PostgreSQL answer alike", () => {
  it("asks every operation something", () => {
    expect(sqlite.size).toBe(postgres.size);
    expect(new Set([...sqlite.keys()].map((k) => k.split(" ")[1])).size).toBe(OPERATIONS.length);
  });

  it.each(OPERATIONS.map((op) => [`#${op.n} ${op.operationId}`] as const))("%s", (prefix) => {
    const labels = [...sqlite.keys()].filter((k) => k.startsWith(`${prefix} `));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      const [s, p] = [sqlite.get(label)!, postgres.get(label)!];
      if (label.endsWith(" valid")) expect(s.status, label).toBe(200);
      expect({ label, ...p }).toEqual({ label, ...s });
    }
  });
});
