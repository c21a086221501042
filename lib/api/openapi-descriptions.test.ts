import { describe, expect, it } from "vitest";

import { openApiJson } from "./openapi-document";

type Json = Record<string, unknown>;
const doc = JSON.parse(openApiJson()) as Json & { paths: Record<string, Record<string, Json>> };

/** Every `description` and `summary` text of the document, with where it sits. */
function texts(node: unknown, at = ""): Array<[string, string]> {
  if (Array.isArray(node)) return node.flatMap((n, i) => texts(n, `${at}/${i}`));
  if (!node || typeof node !== "object") return [];
  return Object.entries(node as Json).flatMap(([k, v]) =>
    (k === "description" || k === "summary") && typeof v === "string"
      ? [[`${at}/${k}`, v] as [string, string]]
      : texts(v, `${at}/${k}`),
  );
}

// The served document is read by users and client generators: it explains the API, not how it was specified.
describe("the descriptions of /v1/openapi.json", () => {
  it("never cite the contract, its sections, its rows or where a field came from", () => {
    const all = texts(doc);
    expect(all.length).toBeGreaterThan(200);
    const internal = all.filter(([, t]) => /contract|§|\((?:K|O|S)\)|#\d/i.test(t));
    expect(internal).toEqual([]);
  });

  it("describe every parameter and every request body field", () => {
    const undescribed: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        for (const p of (op.parameters ?? []) as Array<{ name: string; description?: string }>)
          if (!p.description?.trim()) undescribed.push(`${method} ${path} ${p.name}`);
        const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content[
          "application/json"
        ]?.schema;
        for (const [name, s] of Object.entries((body?.properties ?? {}) as Record<string, Json>))
          if (typeof s.description !== "string" || !s.description.trim())
            undescribed.push(`${method} ${path} body ${name}`);
      }
    expect(undescribed).toEqual([]);
  });

  it("say who may call each operation and what it costs, in words", () => {
    const stories = doc.paths["/v1/stories"]?.get;
    expect(stories?.description).toBe(
      "Needs a key with the `read` scope, on any plan. include_embeddings needs the Pro plan. Costs 1 credit, " +
        "5 credits with include_embeddings; failed requests are never charged.",
    );
    expect(doc.paths["/v1/usage"]?.get?.description).toContain("The public demo key is refused.");
    expect(doc.paths["/v1/backtest"]?.post?.description).toContain(
      "Costs 10 credits a page, 20 credits a page with include_embeddings or embedding_filters",
    );
    expect(doc.paths["/v1/version"]?.get?.description).toBe(
      "Open: no key is needed, and no credits are charged.",
    );
  });
});
