// The route contract suite (contract §3–§5, CONVENTIONS §9): every operation of the registry, called through its
// real route handler on the world's data, against the response schema and the policy of the contract. Run on each
// backend by contract.test.ts (SQLite) and contract.postgres.test.ts (PostgreSQL on PGlite).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Store } from "../../db/store";
import type { Plan } from "../../db/types";
import { hashKey } from "../../keys/key-format";
import { describeParams, type ParamInfo } from "../../openapi/query-parameters";
import { graceLimit, PLAN_LIMITS } from "../../plans";
import { resetsAt } from "../../quota/credits";
import { OPERATIONS, type OperationSpec } from "../operations";
import { expectBody, expectError, expectMeteredHeaders, jsonOf } from "./expect-response";
import type { Harness } from "./harness";
import { buildRequest, callOperation, callRoute, validInput, type OpInput } from "./requests";
import { DEMO_KEY } from "./world";

const planOf = (op: OperationSpec): Plan => op.minTier ?? "free";

/** The input with include_embeddings set, in the query or the body. */
function withEmbeddingsOn(input: OpInput, op: OperationSpec): OpInput {
  if (op.method === "POST")
    return { ...input, body: { ...(input.body as object), include_embeddings: true } };
  return { ...input, query: { ...(input.query as Record<string, string>), include_embeddings: "true" } };
}

/**
 * True when the body holds data: some list in it (at most two levels down) is non-empty, or it has no list. A
 * resource's `tickers` do not count: most articles name no security, so an empty one says nothing about the world.
 */
function holdsData(body: unknown): boolean {
  const lists: unknown[][] = [];
  const walk = (v: unknown, depth: number) => {
    if (Array.isArray(v)) lists.push(v);
    else if (v && typeof v === "object" && depth < 2)
      for (const [k, x] of Object.entries(v)) if (k !== "tickers") walk(x, depth + 1);
  };
  walk(body, 0);
  return lists.length === 0 || lists.some((l) => l.length > 0);
}

/** Every operation of the registry against the world in the harness `open` gives (opened once, closed after). */
export function contractSuite(open: () => Promise<Harness<Store>>): void {
  let h: Harness<Store>;
  beforeAll(async () => {
    h = await open();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  // Each test starts in a fresh minute, so no key (the demo key above all) carries a spent window into the next.
  beforeEach(() => {
    h.clock.now += 61_000;
  });
  const valid = (op: OperationSpec): OpInput => validInput(op, h.world, h.clock.now);

  describe.each(OPERATIONS.map((op) => [`#${op.n} ${op.method} ${op.path}`, op] as const))("%s", (_, op) => {
    it("answers 200 on the world's data with a body the contract's response schema accepts", async () => {
      const key = op.auth ? await h.key(planOf(op)) : undefined;
      const res = await callOperation(op, valid(op), { key });
      if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(await jsonOf(res))}`);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      if (op.auth) expectMeteredHeaders(res, planOf(op), h.clock.now);
      else expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
      const body = await expectBody(res, op.response);
      expect(holdsData(body), "the world gives this operation something to return").toBe(true);
    });

    if (!op.auth) {
      it("needs no key and charges nothing", async () => {
        const res = await callOperation(op, valid(op));
        expect(res.status).toBe(200);
        expect(res.headers.get("X-Credits-Cost")).toBeNull();
      });
      return;
    }

    it(`charges ${op.cost.credits} credit(s) for a success and records it under its route template`, async () => {
      const key = await h.key(planOf(op));
      const res = await callOperation(op, valid(op), { key });
      expect(res.status).toBe(200);
      const { cost, used } = expectMeteredHeaders(res, planOf(op), h.clock.now);
      expect(cost).toBe(op.cost.credits);
      expect(used).toBe(op.cost.credits);
      expect(await h.used(key)).toBe(op.cost.credits);
      const usage = OPERATIONS.find((o) => o.operationId === "getUsage")!;
      const report = (await jsonOf(await callOperation(usage, {}, { key }))) as {
        summary: { top_endpoints: Array<{ endpoint: string; count: number }> };
      };
      expect(report.summary.top_endpoints).toContainEqual({ endpoint: `${op.method} ${op.path}`, count: 1 });
    });

    it("answers 401 missing_api_key without a key, and 401 invalid_api_key for a bad, unknown or revoked key", async () => {
      const input = valid(op);
      const missing = await callOperation(op, input);
      await expectError(missing, 401, "missing_api_key");
      expect(missing.headers.get("X-Credits-Cost")).toBeNull();
      for (const bad of ["nope", `lede_live_${"0".repeat(64)}`, `lede_live_${"A".repeat(64)}`]) {
        await expectError(await callOperation(op, input, { key: bad }), 401, "invalid_api_key");
      }
      await expectError(
        await callOperation(op, input, { headers: { Authorization: "Basic dXNlcjpwYXNz" } }),
        401,
        "invalid_api_key",
      );
      const key = await h.key(planOf(op));
      const row = await h.stored(key);
      await h.t.store.keys.revoke(row.accountId, row.id, h.clock.now);
      h.t.deps.keys.invalidate(hashKey(key));
      await expectError(await callOperation(op, input, { key }), 401, "invalid_api_key");
    });

    it("answers 403 insufficient_scope to a key without the read scope, charging nothing", async () => {
      const key = await h.keyWithout(["ws:connect"]);
      const res = await callOperation(op, valid(op), { key });
      const error = await expectError(res, 403, "insufficient_scope");
      expect(error.details).toMatchObject({ required_scope: "read" });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
      expect(res.headers.get("X-RateLimit-Limit")).toBe(String(PLAN_LIMITS.starter.requestsPerMinute));
    });

    it("answers 429 rate_limited with Retry-After once the key's minute is spent, charging nothing", async () => {
      const plan = planOf(op);
      const key = await h.key(plan);
      const rpm = PLAN_LIMITS[plan].requestsPerMinute;
      // Spend the minute in the limiter itself: hundreds of real calls would only make the suite slow.
      for (let i = 0; i < rpm; i++) h.t.deps.limiter.hit((await h.stored(key)).id, rpm, h.clock.now);
      const res = await callOperation(op, valid(op), { key });
      await expectError(res, 429, "rate_limited");
      const { cost } = expectMeteredHeaders(res, plan, h.clock.now);
      expect(cost).toBe(0);
      expect(res.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(await h.used(key)).toBe(0);
    });

    if (op.cost.credits > 0) {
      it("answers 429 quota_exhausted past the grace limit, with Retry-After until the month resets", async () => {
        const plan = planOf(op);
        const key = await h.key(plan);
        const grace = graceLimit(PLAN_LIMITS[plan].monthlyCredits);
        await h.setUsed(key, grace - op.cost.credits + 1);
        const res = await callOperation(op, valid(op), { key });
        await expectError(res, 429, "quota_exhausted");
        expect(Number(res.headers.get("Retry-After"))).toBe(
          Math.ceil((resetsAt(h.clock.now) - h.clock.now) / 1000),
        );
        expect(res.headers.get("X-Credits-Cost")).toBe("0");
        expect(res.headers.get("X-Credits-Grace")).toBe("true");
        expect(await h.used(key)).toBe(grace - op.cost.credits + 1);
        await h.setUsed(key, grace - op.cost.credits);
        const last = await callOperation(op, valid(op), { key });
        expect(last.status).toBe(200);
        expect(last.headers.get("X-Credits-Used")).toBe(String(grace));
        expect(last.headers.get("X-Credits-Grace")).toBe("true");
      });
    } else {
      it("keeps working when the monthly credits are used up (zero cost)", async () => {
        const key = await h.key("free");
        await h.setUsed(key, graceLimit(PLAN_LIMITS.free.monthlyCredits));
        const res = await callOperation(op, valid(op), { key });
        expect(res.status).toBe(200);
        expect(res.headers.get("X-Credits-Cost")).toBe("0");
      });
    }

    if (op.minTier) {
      it(`answers 403 tier_required below the ${op.minTier} plan, and serves ${op.minTier} and above`, async () => {
        for (const key of [await h.key("free"), await h.key("starter"), DEMO_KEY]) {
          const res = await callOperation(op, valid(op), { key });
          const error = await expectError(res, 403, "tier_required");
          expect(error.details).toMatchObject({ required_tier: op.minTier });
          expect(res.headers.get("X-Credits-Cost")).toBe("0");
        }
        for (const plan of ["pro", "business"] as const) {
          expect((await callOperation(op, valid(op), { key: await h.key(plan) })).status).toBe(200);
        }
      });
    } else if (op.demoAllowed) {
      it("serves the sandbox demo key free of charge", async () => {
        const res = await callOperation(op, valid(op), { key: DEMO_KEY });
        expect(res.status).toBe(200);
        const { cost } = expectMeteredHeaders(res, "demo", h.clock.now);
        expect(cost).toBe(0);
      });
    } else {
      it("answers 403 demo_key_restricted to the sandbox demo key", async () => {
        await expectError(await callOperation(op, valid(op), { key: DEMO_KEY }), 403, "demo_key_restricted");
      });
    }

    if (op.cost.embeddingsExtra) {
      it(`gates include_embeddings on pro and charges ${op.cost.credits + op.cost.embeddingsExtra} credits with it`, async () => {
        if (!op.minTier) {
          const res = await callOperation(op, withEmbeddingsOn(valid(op), op), {
            key: await h.key("starter"),
          });
          const error = await expectError(res, 403, "tier_required");
          expect(error.details).toMatchObject({ required_tier: "pro" });
        }
        const res = await callOperation(op, withEmbeddingsOn(valid(op), op), { key: await h.key("pro") });
        expect(res.status).toBe(200);
        await expectBody(res.clone(), op.response);
        expect(res.headers.get("X-Credits-Cost")).toBe(String(op.cost.credits + op.cost.embeddingsExtra!));
      });
    }

    it("accepts the deprecated api_key query parameter with Deprecation: true; a Bearer header wins over it", async () => {
      const key = await h.key(planOf(op));
      const viaQuery = await callOperation(op, valid(op), { key, keyVia: "query" });
      expect(viaQuery.status).toBe(200);
      expect(viaQuery.headers.get("Deprecation")).toBe("true");
      const url = new URL(buildRequest(op, valid(op)).url);
      url.searchParams.set("api_key", `lede_live_${"0".repeat(64)}`);
      const both = await callRoute(
        op,
        new Request(url, {
          method: op.method,
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: op.method === "POST" ? JSON.stringify(valid(op).body) : undefined,
        }),
        valid(op).params,
      );
      expect(both.status).toBe(200);
      expect(both.headers.get("Deprecation")).toBeNull();
    });

    const cases = validationCases(op);
    if (cases.length > 0) {
      it.each(cases)(`answers 400 $code for $label, charging nothing`, async ({ input, code, details }) => {
        const key = await h.key(planOf(op));
        const res = await callOperation(op, input(valid(op)), { key });
        const error = await expectError(res, 400, code);
        if (details) expect(error.details).toMatchObject(details);
        expect(res.headers.get("X-Credits-Cost")).toBe("0");
        expect(await h.used(key)).toBe(0);
      });
    }
  });
}

interface Case {
  label: string;
  code: string;
  details?: Record<string, unknown>;
  input: (valid: OpInput) => OpInput;
}

const setQuery =
  (name: string, value: string | undefined) =>
  (v: OpInput): OpInput => {
    const query = { ...(v.query as Record<string, string>) };
    if (value === undefined) delete query[name];
    else query[name] = value;
    return { ...v, query };
  };

const setBody =
  (name: string, value: unknown) =>
  (v: OpInput): OpInput => {
    const body = { ...(v.body as Record<string, unknown>) };
    if (value === undefined) delete body[name];
    else body[name] = value;
    return { ...v, body };
  };

/**
 * The 400s of an operation, read from the same schemas the OpenAPI document is generated from: each bound of each
 * integer (§2: never clamped), wrong types, unknown enum values, missing required parameters and malformed bodies.
 */
function validationCases(op: OperationSpec): Case[] {
  const cases: Case[] = [];
  const params = (schema: OperationSpec["query"]): ParamInfo[] => (schema ? describeParams(schema) : []);
  for (const p of params(op.query)) {
    const set = (v: string | undefined) => setQuery(p.name, v);
    if (p.kind === "integer") {
      if (p.minimum !== undefined)
        cases.push({
          label: `${p.name} below ${p.minimum}`,
          code: "parameter_out_of_range",
          details: { param: p.name, min: p.minimum },
          input: set(String(p.minimum - 1)),
        });
      if (p.maximum !== undefined)
        cases.push({
          label: `${p.name} above ${p.maximum}`,
          code: "parameter_out_of_range",
          details: { param: p.name, max: p.maximum },
          input: set(String(p.maximum + 1)),
        });
      cases.push({
        label: `${p.name}=abc`,
        code: "invalid_parameter",
        details: { param: p.name },
        input: set("abc"),
      });
      cases.push({
        label: `${p.name}=1.5`,
        code: "invalid_parameter",
        details: { param: p.name },
        input: set("1.5"),
      });
    }
    if (p.kind === "enum" || p.kind === "boolean") {
      cases.push({
        label: `${p.name}=bogus`,
        code: "invalid_parameter",
        details: { param: p.name },
        input: set("bogus"),
      });
    }
    if (p.required) {
      cases.push({
        label: `missing ${p.name}`,
        code: "missing_parameter",
        details: { param: p.name },
        input: set(undefined),
      });
    }
  }
  if (op.body) {
    cases.push({
      label: "a body that is not JSON",
      code: "invalid_body",
      input: (v) => ({ ...v, body: "{oops" }),
    });
    cases.push({ label: "a JSON array body", code: "invalid_body", input: (v) => ({ ...v, body: "[1,2]" }) });
    for (const p of params(op.body)) {
      if (p.kind === "integer") {
        if (p.minimum !== undefined)
          cases.push({
            label: `body ${p.name} below ${p.minimum}`,
            code: "parameter_out_of_range",
            details: { param: p.name, min: p.minimum },
            input: setBody(p.name, p.minimum - 1),
          });
        if (p.maximum !== undefined)
          cases.push({
            label: `body ${p.name} above ${p.maximum}`,
            code: "parameter_out_of_range",
            details: { param: p.name, max: p.maximum },
            input: setBody(p.name, p.maximum + 1),
          });
        cases.push({
          label: `body ${p.name} as a string`,
          code: "invalid_body",
          input: setBody(p.name, "12"),
        });
      }
      if (p.required) {
        cases.push({
          label: `body without ${p.name}`,
          code: "missing_parameter",
          details: { param: p.name },
          input: setBody(p.name, undefined),
        });
      }
    }
  }
  return cases;
}
