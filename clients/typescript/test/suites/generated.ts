// The client stays in step with the live documents: generated types are current, the operation table is the
// document's, and the served AsyncAPI document validates.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Parser } from "@asyncapi/parser";
import { describe, expect, it } from "vitest";

// @ts-expect-error -- a plain .mjs script without declarations
import { renderOpenApiTypes, renderRealtimeTypes } from "../../scripts/generate-types.mjs";
import { Lede, OPERATIONS } from "../../src/index";
import { SERVER_OPERATION_IDS } from "../support/schemas";
import type { TestServer } from "../support/server";

const GENERATED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/generated");

type Doc = Record<string, unknown> & { paths: Record<string, Record<string, { operationId: string }>> };

export function generatedSuite(server: () => TestServer): void {
  const fetchDoc = async (name: string) =>
    (await fetch(`${server().baseUrl}/v1/${name}`)).json() as Promise<Doc>;

  describe("generated types and the operation table", () => {
    it("src/generated/openapi.ts is what openapi-typescript makes of the live /v1/openapi.json", async () => {
      const fresh = (await renderOpenApiTypes(await fetchDoc("openapi.json"))) as string;
      const committed = fs.readFileSync(path.join(GENERATED, "openapi.ts"), "utf8");
      expect(committed, "stale: run `node clients/typescript/scripts/generate-types.mjs <server>`").toBe(
        fresh,
      );
    });

    it("src/generated/realtime.ts is what it makes of the live /v1/asyncapi.json", async () => {
      const fresh = (await renderRealtimeTypes(await fetchDoc("asyncapi.json"))) as string;
      const committed = fs.readFileSync(path.join(GENERATED, "realtime.ts"), "utf8");
      expect(committed, "stale: run `node clients/typescript/scripts/generate-types.mjs <server>`").toBe(
        fresh,
      );
    });

    it("has a method for each of the document's 31 operations, with its method and path", async () => {
      const doc = await fetchDoc("openapi.json");
      const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.entries(ops).map(([m, op]) => [op.operationId, [m.toUpperCase(), p]] as const),
      );
      expect(documented).toHaveLength(31);
      expect(Object.fromEntries(documented)).toEqual(OPERATIONS);
      expect(Object.keys(OPERATIONS).sort()).toEqual([...SERVER_OPERATION_IDS].sort());
      for (const [id] of documented)
        expect(typeof (Lede.prototype as unknown as Record<string, unknown>)[id], id).toBe("function");
    });

    it("the served /v1/asyncapi.json validates with the AsyncAPI parser", async () => {
      const res = await fetch(`${server().baseUrl}/v1/asyncapi.json`);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const { document, diagnostics } = await new Parser().parse(await res.text());
      expect(diagnostics.filter((d) => d.severity <= 1)).toEqual([]);
      expect(document?.channels().get("feed")?.address()).toBe("/ws");
    });
  });
}
