import { describe, expect, it } from "vitest";

import { toReferenceView } from "@/lib/api-reference/reference-view";
import { openApiJson } from "@/lib/api/openapi-document";
import { OPERATIONS } from "@/lib/api/operations";

// The reference page reads the served OpenAPI document: every operation and every error code must reach it.
describe("the API reference of /v1/openapi.json", () => {
  const doc = JSON.parse(openApiJson()) as {
    components: {
      schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } };
    };
  };
  const view = toReferenceView(doc);
  const ops = view.groups.flatMap((g) => g.operations);

  it("lists every operation of the registry once, under a group", () => {
    expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual(
      OPERATIONS.map((o) => `${o.method} ${o.path.replace(/:(\w+)/g, "{$1}")}`).sort(),
    );
    expect(view.groups.every((g) => g.tag && g.operations.length > 0)).toBe(true);
  });

  it("lists every error code of the error schema, with the HTTP status of the responses that name it", () => {
    const codes = doc.components.schemas.Error.properties.error.properties.code.enum;
    expect(view.errors.map((e) => e.code).sort()).toEqual([...codes].sort());
    const status = Object.fromEntries(view.errors.map((e) => [e.code, e.status]));
    expect(status).toMatchObject({
      invalid_parameter: 400,
      invalid_api_key: 401,
      not_found: 404,
      rate_limited: 429,
    });
    // An unknown path is answered outside every operation, so no operation's responses name its code.
    expect(status.route_not_found).toBeNull();
  });

  it("marks /v1/version as open and /v1/usage as refused to the demo key", () => {
    expect(ops.find((o) => o.path === "/v1/version")?.auth).toBe(false);
    expect(ops.find((o) => o.path === "/v1/usage")).toMatchObject({ auth: true, demoKey: false });
  });
});
