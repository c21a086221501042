import { describe, expect, it } from "vitest";

import { capElements } from "./cap-elements";
import { entityNetworkElements, storyEntityElements, type EntityNetworkData } from "./cytoscape-elements";

const ids = (els: Array<{ group: string; data: { id: string } }>, group: "nodes" | "edges") =>
  els.filter((e) => e.group === group).map((e) => e.data.id);

describe("capElements", () => {
  const story = storyEntityElements({
    story: { id: 1, headline: "Quake" },
    entities: [1, 2, 3, 4, 5].map((id) => ({ id, name: `E${id}`, type: "person" })),
    edges: [1, 2, 3, 4, 5].map((id) => ({ story_id: 1, entity_id: id, mention_count: 6 - id })),
  });

  it("keeps the pinned story and the first unpinned nodes in order, with the edges between kept nodes", () => {
    const capped = capElements(story, 2);
    expect(ids(capped.elements, "nodes")).toEqual(["s1", "e1", "e2"]);
    expect(ids(capped.elements, "edges")).toEqual(["s1-e1", "s1-e2"]);
    expect(capped).toMatchObject({ shown: 2, total: 5 });
  });

  it("shows everything once the limit reaches the total, and a bigger limit only adds nodes", () => {
    let previous = new Set<string>();
    for (let limit = 0; limit <= 6; limit++) {
      const capped = capElements(story, limit);
      const nodes = new Set(ids(capped.elements, "nodes"));
      for (const id of previous) expect(nodes.has(id)).toBe(true);
      expect(capped.shown).toBe(Math.min(limit, 5));
      previous = nodes;
    }
    expect(capElements(story, 99).elements).toEqual(story);
  });

  it("keeps pinned expansions beyond the limit, and a capped ego network stays connected to its centre", () => {
    // Centre 1; ring 1: 2, 3; ring 2: 4 (via 2), 5 (via 3); an expansion of 3 brought in 6.
    const net: EntityNetworkData = {
      nodes: [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `N${id}`, type: "org", slug: `n${id}` })),
      edges: [
        [1, 2],
        [1, 3],
        [2, 4],
        [3, 5],
        [3, 6],
      ].map(([s, t], i) => ({
        id: i + 1,
        source_entity_id: s ?? 0,
        target_entity_id: t ?? 0,
        relationship_type: "partner_of",
        confidence: 0.9,
        article_count: 2,
      })),
    };
    const capped = capElements(entityNetworkElements(net, 1, new Set([6])), 3);
    expect(ids(capped.elements, "nodes")).toEqual(["e1", "e2", "e3", "e4", "e6"]);
    expect(capped).toMatchObject({ shown: 3, total: 4 });
    // Every kept node reaches the centre through kept edges.
    const edges = capped.elements.filter((e) => e.group === "edges");
    const reached = new Set(["e1"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const e of edges)
        for (const [a, b] of [
          [e.data.source, e.data.target],
          [e.data.target, e.data.source],
        ])
          if (a && b && reached.has(a) && !reached.has(b)) {
            reached.add(b);
            grew = true;
          }
    }
    expect([...reached].sort()).toEqual(ids(capped.elements, "nodes").sort());
  });
});
