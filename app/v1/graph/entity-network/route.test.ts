import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { insertEntity, relate } from "@/lib/entities/queries/test-fixtures";
import { expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
const n: Record<string, number> = {};
const e: Record<string, number> = {};

/**
 * Strengths (article_count × confidence): ring 1 around C: CA 9, BC 4, CH 1, CD 1 (CH is newer, so first);
 * ring 2: AE 20, AB 0.5; ring 3: EF 3; ring 4: FG 1. GX 100 is reachable only through ring 4.
 */
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  for (const [name, type] of [
    ["Centre", "person"],
    ["Alpha Corp", "org"],
    ["Beta", "person"],
    ["Delta City", "location"],
    ["Echo", "person"],
    ["Foxtrot", "org"],
    ["Golf", "person"],
    ["Xray", "person"],
    ["Hotel", "org"],
    ["Loner", "person"],
  ] as const)
    n[name.split(" ")[0]!.toLowerCase()] = insertEntity(t.store, { name, type });
  const rel = (a: string, b: string, articleCount: number, confidence: number, type?: string) =>
    relate(t.store, n[a]!, n[b]!, { articleCount, confidence, type });
  e.ca = rel("centre", "alpha", 10, 0.9, "works_for");
  e.bc = rel("beta", "centre", 5, 0.8, "allied_with");
  e.cd = rel("centre", "delta", 2, 0.5, "located_in");
  e.ae = rel("alpha", "echo", 20, 1);
  e.ab = rel("alpha", "beta", 1, 0.5);
  e.ef = rel("echo", "foxtrot", 3, 1);
  e.fg = rel("foxtrot", "golf", 1, 1);
  e.gx = rel("golf", "xray", 100, 1);
  e.ch = rel("centre", "hotel", 1, 1);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

type Node = { id: number; name: string; type: string; slug: string };
type Edge = Record<string, unknown> & { id: number; source_entity: Node; target_entity: Node };
type Body = { nodes: Node[]; edges: Edge[]; error?: Record<string, unknown> };
const network = async (qs: string) => {
  const res = await GET(get(`/v1/graph/entity-network?${qs}`, key));
  return { res, body: (await res.json()) as Body };
};
const edgeIds = (b: Body) => b.edges.map((x) => x.id);
const nodeIds = (b: Body) => b.nodes.map((x) => x.id);

describe("GET /v1/graph/entity-network", () => {
  it("explores two rings by default, ring by ring and strongest first, with §6.6 nodes and edges", async () => {
    const { res, body } = await network(`entity_id=${n.centre}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(edgeIds(body)).toEqual([e.ca, e.bc, e.ch, e.cd, e.ae, e.ab]);
    expect(nodeIds(body)).toEqual([n.centre, n.alpha, n.beta, n.hotel, n.delta, n.echo]);
    expect(body.nodes[0]).toEqual({
      id: n.centre,
      name: "Centre",
      type: "person",
      slug: `centre-${n.centre}`,
    });
    const first = body.edges[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        "article_count",
        "confidence",
        "id",
        "relationship_type",
        "source_entity",
        "source_entity_id",
        "target_entity",
        "target_entity_id",
      ].sort(),
    );
    expect(first).toMatchObject({
      source_entity_id: n.centre,
      target_entity_id: n.alpha,
      relationship_type: "works_for",
      confidence: 0.9,
      article_count: 10,
      source_entity: { id: n.centre, name: "Centre", type: "person" },
      target_entity: { id: n.alpha, name: "Alpha Corp", type: "org", slug: `alpha-corp-${n.alpha}` },
    });
    // An edge pointing at the centre keeps its direction.
    expect(body.edges[1]).toMatchObject({ source_entity_id: n.beta, target_entity_id: n.centre });
  });

  it("follows depth: 1 ring, or 3 rings, never further", async () => {
    const one = (await network(`entity_id=${n.centre}&depth=1`)).body;
    expect(edgeIds(one)).toEqual([e.ca, e.bc, e.ch, e.cd]);
    expect(nodeIds(one)).toEqual([n.centre, n.alpha, n.beta, n.hotel, n.delta]);
    const three = (await network(`entity_id=${n.centre}&depth=3`)).body;
    expect(edgeIds(three)).toEqual([e.ca, e.bc, e.ch, e.cd, e.ae, e.ab, e.ef]);
    expect(nodeIds(three)).not.toContain(n.golf);
    expect(nodeIds(three)).not.toContain(n.xray);
  });

  it("keeps at most `limit` edges, nearer rings first, so a strong far edge never displaces a near one", async () => {
    const two = (await network(`entity_id=${n.centre}&depth=3&limit=2`)).body;
    expect(edgeIds(two)).toEqual([e.ca, e.bc]);
    expect(nodeIds(two)).toEqual([n.centre, n.alpha, n.beta]);
    const five = (await network(`entity_id=${n.centre}&depth=3&limit=5`)).body;
    expect(edgeIds(five)).toEqual([e.ca, e.bc, e.ch, e.cd, e.ae]);
    // Every kept edge touches the centre or a node an earlier kept edge reached.
    const reached = new Set([n.centre]);
    for (const x of five.edges) {
      expect(reached.has(x.source_entity.id) || reached.has(x.target_entity.id)).toBe(true);
      reached.add(x.source_entity.id);
      reached.add(x.target_entity.id);
    }
  });

  it("starts from any node, and gives only the centre for an entity without relationships", async () => {
    const golf = (await network(`entity_id=${n.golf}&depth=1`)).body;
    expect(edgeIds(golf)).toEqual([e.gx, e.fg]);
    const loner = (await network(`entity_id=${n.loner}`)).body;
    expect(loner).toEqual({
      nodes: [{ id: n.loner, name: "Loner", type: "person", slug: `loner-${n.loner}` }],
      edges: [],
    });
  });

  it("answers 404 for an unknown entity", async () => {
    const { res, body } = await network("entity_id=987654");
    expect(res.status).toBe(404);
    expect(body.error).toMatchObject({ code: "not_found", details: { resource: "entity" } });
    expect(res.headers.get("X-Credits-Cost")).toBe("0");
  });

  it("answers 400 for a missing entity_id and out-of-range depth or limit", async () => {
    for (const [qs, code, details] of [
      ["", "missing_parameter", { param: "entity_id" }],
      ["entity_id=abc", "invalid_parameter", { param: "entity_id" }],
      [`entity_id=${n.centre}&depth=0`, "parameter_out_of_range", { param: "depth", min: 1 }],
      [`entity_id=${n.centre}&depth=4`, "parameter_out_of_range", { param: "depth", max: 3 }],
      [`entity_id=${n.centre}&limit=0`, "parameter_out_of_range", { param: "limit", min: 1 }],
      [`entity_id=${n.centre}&limit=201`, "parameter_out_of_range", { param: "limit", max: 200 }],
      [`entity_id=${n.centre}&depth=two`, "invalid_parameter", { param: "depth" }],
    ] as const) {
      const { res, body } = await network(qs);
      expect(res.status, qs).toBe(400);
      expect(body.error, qs).toMatchObject({ code, details });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    // Validation comes before the lookup: a bad depth on an unknown entity is still a 400.
    expect((await network("entity_id=987654&depth=9")).res.status).toBe(400);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, `/v1/graph/entity-network?entity_id=${n.centre}`);
  });
});
