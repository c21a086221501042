import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";

import { GET } from "@/app/v1/openapi.json/route";
import { OPERATIONS } from "@/lib/api/operations";

// Contract §1, transcribed: #, method, path, scope, min tier, credits (§5.2, without the include_embeddings extra).
const CONTRACT_INDEX: Array<[number, string, string, string | null, string, number]> = [
  [1, "GET", "/v1/stories", "read", "free", 1],
  [2, "GET", "/v1/stories/ranked", "read", "free", 1],
  [3, "GET", "/v1/stories/{id}", "read", "free", 1],
  [4, "GET", "/v1/stories/{id}/developments", "read", "free", 1],
  [5, "GET", "/v1/stories/{id}/updates", "read", "free", 1],
  [6, "GET", "/v1/items", "read", "free", 1],
  [7, "GET", "/v1/item", "read", "free", 1],
  [8, "GET", "/v1/content", "read", "free", 2],
  [9, "GET", "/v1/related", "read", "free", 1],
  [10, "GET", "/v1/search", "read", "free", 1],
  [11, "GET", "/v1/search/full", "read", "free", 2],
  [12, "GET", "/v1/search/suggest", "read", "free", 1],
  [13, "POST", "/v1/search/vector", "read", "pro", 5],
  [14, "GET", "/v1/embeddings", "read", "pro", 2],
  [15, "GET", "/v1/entities", "read", "free", 1],
  [16, "GET", "/v1/entities/politicians", "read", "free", 1],
  [17, "GET", "/v1/entities/trending", "read", "free", 1],
  [18, "GET", "/v1/entities/{id}", "read", "free", 1],
  [19, "GET", "/v1/entities/{id}/articles", "read", "free", 1],
  [20, "GET", "/v1/graph/entity-network", "read", "free", 1],
  [21, "GET", "/v1/graph/story-entity", "read", "free", 1],
  [22, "GET", "/v1/graph/topic-cluster", "read", "free", 1],
  [23, "GET", "/v1/source-rankings", "read", "free", 1],
  [24, "GET", "/v1/sources", "read", "free", 1],
  [25, "GET", "/v1/categories", "read", "free", 1],
  [26, "GET", "/v1/tags", "read", "free", 1],
  [27, "GET", "/v1/backtest", "read", "pro", 10],
  [28, "POST", "/v1/backtest", "read", "pro", 10],
  [29, "GET", "/v1/usage", "read", "free", 0],
  [30, "GET", "/v1/stats", "read", "free", 1],
  [31, "GET", "/v1/version", null, "free", 0],
];

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};

async function served(): Promise<{ res: Response; doc: Doc }> {
  const res = GET();
  return { res, doc: (await res.clone().json()) as Doc };
}

function operationsOf(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

describe("GET /v1/openapi.json", () => {
  it("serves the document without a key, as JSON with a request id and CORS", async () => {
    const { res, doc } = await served();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(doc.openapi).toBe("3.1.0");
  });

  it("validates as OpenAPI 3.1 with @readme/openapi-parser", async () => {
    const { doc } = await served();
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe("OpenAPI");
  });

  it("lists exactly the 31 operations of contract §1 with their scope, tier and credit cost", async () => {
    const { doc } = await served();
    const listed = operationsOf(doc)
      .map(({ path, method, op }) => [
        op["x-lede-contract-row"],
        method,
        path,
        op["x-lede-scope"],
        op["x-lede-min-tier"],
        (op["x-lede-credits"] as { credits: number }).credits,
      ])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(listed).toEqual(CONTRACT_INDEX);
    expect(new Set(operationsOf(doc).map(({ op }) => op.operationId)).size).toBe(31);
  });

  it("documents the include_embeddings extras and tiers of §3.3 and §5.2", async () => {
    const { doc } = await served();
    for (const path of ["/v1/stories", "/v1/stories/ranked", "/v1/stories/{id}", "/v1/items"]) {
      const op = doc.paths[path]!.get!;
      expect(op["x-lede-credits"]).toEqual({ credits: 1, embeddings_extra: 4 });
      expect(op["x-lede-feature-tiers"]).toEqual({ include_embeddings: "pro" });
    }
    expect(doc.paths["/v1/backtest"]!.post!["x-lede-credits"]).toEqual({
      credits: 10,
      embeddings_extra: 10,
      per_page: true,
    });
  });

  it("gives every parameter its type, default and bounds from the route's zod schema", async () => {
    const { doc } = await served();
    const params = (path: string, method = "get") =>
      Object.fromEntries(
        (
          doc.paths[path]![method]!.parameters as Array<{ name: string; required: boolean; schema: object }>
        ).map((p) => [p.name, { required: p.required, schema: p.schema }]),
      );
    expect(params("/v1/stories")).toEqual({
      limit: { required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 20 } },
      offset: { required: false, schema: { type: "integer", minimum: 0, default: 0 } },
      category: { required: false, schema: { type: "string" } },
      tickers: {
        required: false,
        schema: {
          type: "array",
          items: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9.\\-=^&]{0,19}$" },
          maxItems: 100,
        },
      },
      include_embeddings: {
        required: false,
        schema: { type: "boolean", default: false, description: "true, false, 1 or 0" },
      },
      embedding_format: {
        required: false,
        schema: { type: "string", enum: ["json", "base64"], default: "json" },
      },
    });
    expect(params("/v1/backtest")).toMatchObject({
      from: { required: true, schema: { type: "integer", minimum: 0 } },
      limit: { required: false, schema: { type: "integer", minimum: 1, maximum: 5000, default: 1000 } },
      types: { required: false, schema: { type: "array" } },
    });
    expect(params("/v1/stories/{id}")).toMatchObject({ id: { required: true, schema: { type: "string" } } });
    expect(params("/v1/search")).toMatchObject({
      q: { required: true, schema: { minLength: 1, maxLength: 200 } },
    });
    expect(params("/v1/entities")).toMatchObject({
      limit: { schema: { default: 60, minimum: 1, maximum: 200 } },
    });
    expect(params("/v1/content")).toMatchObject({
      max_chars: { schema: { default: 50000, minimum: 1, maximum: 200000 } },
    });
  });

  it("describes the two POST bodies and the responses with their schemas, errors and headers", async () => {
    const { doc } = await served();
    const vector = doc.paths["/v1/search/vector"]!.post!;
    const body = (vector.requestBody as { content: Record<string, { schema: Record<string, unknown> }> })
      .content["application/json"]!.schema;
    expect(body).toMatchObject({
      required: ["embedding"],
      properties: {
        embedding: { type: "array", minItems: 1536, maxItems: 1536 },
        since_hours: { type: "integer", minimum: 1, maximum: 2160, default: 72 },
        limit: { default: 20, maximum: 100 },
      },
    });
    expect(doc.paths["/v1/backtest"]!.post!.requestBody).toBeDefined();
    for (const { path, method, op } of operationsOf(doc)) {
      const responses = op.responses as Record<string, Record<string, unknown>>;
      const ok = responses["200"] as { content: Record<string, { schema: unknown }>; headers: object };
      expect(ok.content["application/json"]!.schema, `${method} ${path}`).toBeDefined();
      expect(Object.keys(ok.headers)).toContain("X-Request-Id");
      if (path === "/v1/version") {
        expect(op.security).toEqual([]);
        continue;
      }
      expect(op.security).toEqual([{ bearerAuth: [] }, { apiKeyQuery: [] }]);
      expect(Object.keys(ok.headers)).toEqual(
        expect.arrayContaining([
          "X-RateLimit-Limit",
          "X-RateLimit-Remaining",
          "X-RateLimit-Reset",
          "X-Credits-Cost",
        ]),
      );
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(["401", "403", "405", "429", "500"]));
    }
    expect(doc.components.schemas!.Error).toMatchObject({
      properties: { error: { required: ["code", "message", "status", "request_id"] } },
    });
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      apiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
    });
  });

  it("agrees with the registry the contract suite runs", async () => {
    const { doc } = await served();
    expect(
      operationsOf(doc)
        .map(({ op }) => op.operationId)
        .sort(),
    ).toEqual(OPERATIONS.map((o) => o.operationId).sort());
  });
});
