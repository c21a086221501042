import { describe, expect, it } from "vitest";

import { describeSchema, toReferenceView } from "./reference-view";
import { curlSnippet, pythonSnippet, requestPath, typescriptSnippet } from "./snippets";

const doc = {
  info: { title: "Lede API", version: "1.0.0" },
  tags: [{ name: "Stories" }, { name: "Search" }, { name: "Empty" }],
  paths: {
    "/v1/stories/{id}": {
      get: {
        operationId: "getStory",
        tags: ["Stories"],
        summary: "A story",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string", minLength: 1 } },
          {
            name: "embedding_format",
            in: "query",
            schema: { type: "string", enum: ["json", "base64"], default: "json" },
          },
        ],
        responses: { "200": { description: "Success." }, "404": { $ref: "#/components/responses/NotFound" } },
        security: [{ bearerAuth: [] }],
        "x-lede-scope": "read",
        "x-lede-min-tier": "free",
        "x-lede-feature-tiers": { include_embeddings: "pro" },
        "x-lede-credits": { credits: 1 },
        "x-lede-demo-key": true,
      },
    },
    "/v1/search/vector": {
      post: {
        operationId: "vectorSearch",
        tags: ["Search"],
        summary: "Nearest",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  embedding: { type: "array", items: { type: "number" } },
                  limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
                },
                required: ["embedding"],
              },
            },
          },
        },
        responses: { "400": { $ref: "#/components/responses/BadRequest" } },
        "x-lede-credits": { credits: 2 },
      },
    },
    "/v1/version": { get: { operationId: "version", tags: ["Search"], security: [], responses: {} } },
  },
  components: {
    responses: {
      BadRequest: { description: "Validation failed. Codes: `missing_parameter`, `invalid_body`." },
      NotFound: { description: "An unknown id or slug (`details.resource`). Codes: `not_found`." },
    },
  },
};

describe("toReferenceView", () => {
  const view = toReferenceView(doc);

  it("groups operations by tag in the document's tag order, leaving out empty tags", () => {
    expect(view.groups.map((g) => [g.tag, g.operations.map((o) => o.id)])).toEqual([
      ["Stories", ["getStory"]],
      ["Search", ["vectorSearch", "version"]],
    ]);
  });

  it("describes parameters, auth, plan and credits", () => {
    const op = view.groups[0]?.operations[0];
    expect(op).toMatchObject({
      method: "GET",
      path: "/v1/stories/{id}",
      auth: true,
      scope: "read",
      credits: 1,
    });
    expect(op?.featureTiers).toEqual({ include_embeddings: "pro" });
    expect(op?.params[1]).toEqual({
      name: "embedding_format",
      in: "query",
      required: false,
      type: "one of json, base64",
      description: null,
      default: "json",
      enum: ["json", "base64"],
      control: "select",
    });
    expect(op?.responses).toEqual([
      { status: "200", description: "Success." },
      { status: "404", description: "NotFound" },
    ]);
    expect(view.groups[1]?.operations[1]?.auth).toBe(false);
  });

  it("turns a request body into body parameters and an example with required fields and defaults", () => {
    const op = view.groups[1]?.operations[0];
    expect(op?.params.map((p) => [p.name, p.in, p.required])).toEqual([
      ["embedding", "body", true],
      ["limit", "body", false],
    ]);
    expect(JSON.parse(op?.bodyExample ?? "null")).toEqual({ embedding: [], limit: 20 });
  });

  it("lists every error code with the status of the response that carries it", () => {
    expect(view.errors).toEqual([
      { code: "missing_parameter", status: 400, meaning: "Validation failed." },
      { code: "invalid_body", status: 400, meaning: "Validation failed." },
      { code: "not_found", status: 404, meaning: "An unknown id or slug (`details.resource`)." },
    ]);
  });

  it("picks the Try-it control from the schema: checkbox, select, a checkbox per choice, or text", () => {
    const param = (name: string, schema: object) => ({ name, in: "query", schema });
    const ops = toReferenceView({
      paths: {
        "/v1/x": {
          get: {
            parameters: [
              param("include_embeddings", { type: "boolean", default: false }),
              param("sort_order", { type: "string", enum: ["asc", "desc"], default: "desc" }),
              param("topics", { type: "array", items: { type: "string", enum: ["articles", "stories"] } }),
              param("sources", { type: "array", items: { type: "string" } }),
              param("limit", { type: "integer", minimum: 1 }),
            ],
          },
        },
      },
    }).groups[0]?.operations[0];
    expect(ops?.params.map((p) => [p.name, p.control])).toEqual([
      ["include_embeddings", "checkbox"],
      ["sort_order", "select"],
      ["topics", "choices"],
      ["sources", "text"],
      ["limit", "text"],
    ]);
  });

  it("puts schemas in words", () => {
    expect(describeSchema({ type: "integer", minimum: 1, maximum: 100 })).toBe("integer, 1–100");
    expect(describeSchema({ type: "array", items: { type: "string", enum: ["a", "b"] } })).toBe(
      "comma-separated list of a, b",
    );
    expect(describeSchema({ type: "string", maxLength: 200 })).toBe("string, at most 200 characters");
  });
});

describe("snippets", () => {
  const view = toReferenceView(doc);
  const story = view.groups[0]?.operations[0] as NonNullable<(typeof view.groups)[0]["operations"][0]>;
  const vector = view.groups[1]?.operations[0] as typeof story;

  it("fills path parameters and appends query parameters, encoded, leaving out empty ones", () => {
    expect(requestPath({ op: story, values: { id: "a b/c", embedding_format: "" } })).toBe(
      "/v1/stories/a%20b%2Fc",
    );
    expect(requestPath({ op: story, values: { id: "7", embedding_format: "base64" } })).toBe(
      "/v1/stories/7?embedding_format=base64",
    );
  });

  it("writes the public demo key literally and names the user's own key by its prefix only", () => {
    const base = { baseUrl: "http://lede.test", op: story, values: { id: "7" }, body: null };
    expect(curlSnippet({ ...base, literalKey: "lede_test_abc" })).toBe(
      'export LEDE_KEY=lede_test_abc\ncurl \\\n  -H "Authorization: Bearer $LEDE_KEY" \\\n  "http://lede.test/v1/stories/7"',
    );
    const own = curlSnippet({ ...base, keyHint: "lede_live_12ab" });
    expect(own.startsWith("# LEDE_KEY holds your key lede_live_12ab…\n")).toBe(true);
    expect(typescriptSnippet({ ...base, keyHint: "lede_live_12ab" })).toContain("process.env.LEDE_KEY");
    expect(pythonSnippet({ ...base, keyHint: "lede_live_12ab" })).toContain('os.environ["LEDE_KEY"]');
  });

  it("sends a POST body as JSON in every language", () => {
    const i = { baseUrl: "", op: vector, values: {}, body: '{"embedding": [0.5], "ok": true}' };
    expect(curlSnippet(i)).toContain(`-d '{"embedding":[0.5],"ok":true}'`);
    expect(typescriptSnippet(i)).toContain('body: JSON.stringify({"embedding":[0.5],"ok":true})');
    expect(pythonSnippet(i)).toContain('json={"embedding": [0.5], "ok": True}');
    expect(pythonSnippet(i)).toContain("requests.post(");
  });
});
