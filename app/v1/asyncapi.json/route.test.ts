import { describe, expect, it } from "vitest";

import { GET, POST } from "./route";

describe("GET /v1/asyncapi.json", () => {
  it("serves the AsyncAPI 3.0 document of /ws without a key, with CORS and a request id", async () => {
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("X-Request-Id")).toMatch(/\S/);
    const doc = (await res.json()) as { asyncapi: string; channels: { feed: { address: string } } };
    expect(doc.asyncapi).toBe("3.0.0");
    expect(doc.channels.feed.address).toBe("/ws");
  });

  it("answers other methods with 405", async () => {
    const res = POST(new Request("http://lede.test/v1/asyncapi.json", { method: "POST" }));
    expect(res.status).toBe(405);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  });
});
