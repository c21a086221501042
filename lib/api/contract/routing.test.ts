// Routing and method handling of /v1 (contract §2, §4.2): every route file is in the registry, every path answers
// a wrong method with 405 method_not_allowed and the CORS preflight, an unknown path with 404 route_not_found.
import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as catchAll from "@/app/v1/[...path]/route";
import * as openapi from "@/app/v1/openapi.json/route";

import { allowHeader } from "../method-not-allowed";
import { OPERATIONS } from "../operations";
import { HTTP_METHODS, ROUTE_MODULES, routeFileOf, type RouteModule } from "../route-modules";
import { expectError } from "./expect-response";
import { openHarness, type Harness } from "./harness";
import { callRoute, routeModule } from "./requests";

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
}, 60_000);
afterAll(async () => {
  await h.close();
});

const PATHS = [...new Set(OPERATIONS.map((o) => o.path))];
const served = (p: string) => OPERATIONS.filter((o) => o.path === p).map((o) => o.method);

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

describe("/v1 routing", () => {
  it("has a route file for every operation of the registry and no route file outside it", () => {
    const root = path.resolve(__dirname, "../../..");
    const onDisk = routeFiles(path.join(root, "app/v1"))
      .map((f) => path.relative(root, f))
      .sort();
    const expected = [
      ...PATHS.map(routeFileOf),
      "app/v1/[...path]/route.ts",
      "app/v1/openapi.json/route.ts",
      "app/v1/asyncapi.json/route.ts",
    ].sort();
    expect(onDisk).toEqual(expected);
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual([...PATHS].sort());
  });

  describe.each(PATHS)("%s", (p) => {
    const op = OPERATIONS.find((o) => o.path === p)!;
    const methods = served(p);

    it("exports a handler for every method: its own operations, 405 for the others, and OPTIONS", async () => {
      const mod: RouteModule = await routeModule(p);
      for (const m of HTTP_METHODS) expect(typeof mod[m], `${m} ${p}`).toBe("function");
    });

    it("answers every other method with 405 method_not_allowed and an Allow header", async () => {
      const others = HTTP_METHODS.filter((m) => m !== "OPTIONS" && !(methods as string[]).includes(m));
      expect(others.length).toBeGreaterThan(0);
      for (const method of others) {
        const res = await callRoute(op, new Request(`http://lede.test${p}`, { method }));
        const error = await expectError(res, 405, "method_not_allowed");
        expect(error.details).toEqual({ allowed: methods });
        expect(res.headers.get("Allow")).toBe(allowHeader(methods));
        expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      }
    });

    it("answers the CORS preflight with 200, any origin, the contract's methods and headers", async () => {
      const res = await callRoute(
        op,
        new Request(`http://lede.test${p}`, {
          method: "OPTIONS",
          headers: { Origin: "https://app.example", "Access-Control-Request-Method": op.method },
        }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, OPTIONS");
      expect(res.headers.get("Access-Control-Allow-Headers")).toBe("Authorization, Content-Type");
      expect(res.headers.get("Access-Control-Expose-Headers")).toMatch(
        /X-RateLimit-Limit.*X-Credits-Cost.*Retry-After/,
      );
      expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
      expect(await res.text()).toBe("");
    });
  });

  it("answers unknown paths with 404 route_not_found for every method", async () => {
    for (const url of [
      "/v1/nope",
      "/v1/stories/1/nope",
      "/v1/entities/1/articles/x",
      "/v1/",
      "/v1/STORIES",
    ]) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
        const handler = catchAll[method];
        const res = await handler(new Request(`http://lede.test${url}`, { method }));
        await expectError(res, 404, "route_not_found");
      }
    }
  });

  it("answers the OpenAPI document's path with 405 for other methods too", async () => {
    const res = openapi.POST(new Request("http://lede.test/v1/openapi.json", { method: "POST" }));
    await expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });
});
