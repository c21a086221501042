import { describe, expect, it } from "vitest";

import {
  entityNetworkElements,
  mergeNetworks,
  relationshipLabel,
  storyEntityElements,
  type EntityNetworkData,
} from "./cytoscape-elements";

const node = (id: number, name: string, type = "person") => ({ id, name, type, slug: name.toLowerCase() });
const edge = (id: number, s: number, t: number, type = "works_for", confidence = 0.8, article_count = 3) => ({
  id,
  source_entity_id: s,
  target_entity_id: t,
  relationship_type: type,
  confidence,
  article_count,
});

describe("storyEntityElements", () => {
  it("puts the story in the middle and weighs each entity by its mentions", () => {
    const els = storyEntityElements({
      story: {
        id: 7,
        headline: "A very long headline about a volcano that erupted near Reykjavik on Tuesday",
      },
      entities: [
        { id: 1, name: "Reykjavik", type: "location" },
        { id: 2, name: "Icelandair", type: "org" },
      ],
      edges: [
        { story_id: 7, entity_id: 1, mention_count: 4 },
        { story_id: 7, entity_id: 2, mention_count: 1 },
      ],
    });
    expect(els.filter((e) => e.group === "nodes").map((e) => e.data.id)).toEqual(["s7", "e1", "e2"]);
    // The canvas draws whole words and an ellipsis; the full headline stays on the node for the hover text.
    expect(els[0]?.data).toMatchObject({
      label: "A very long headline about a volcano that erupted near…",
      name: "A very long headline about a volcano that erupted near Reykjavik on Tuesday",
      pinned: 1,
    });
    expect(els[1]).toMatchObject({
      classes: "location",
      data: { label: "Reykjavik", name: "Reykjavik", weight: 4, entityId: 1 },
    });
    expect(els[1]?.data.pinned).toBeUndefined();
    expect(
      els.filter((e) => e.group === "edges").map((e) => [e.data.source, e.data.target, e.data.label]),
    ).toEqual([
      ["s7", "e1", "4 mentions"],
      ["s7", "e2", "1 mention"],
    ]);
  });
});

describe("entityNetworkElements", () => {
  const net: EntityNetworkData = {
    nodes: [node(1, "Ada"), node(2, "Acme", "org"), node(3, "Bob")],
    edges: [edge(10, 1, 2), edge(11, 3, 2, "member_of", 0.456), edge(12, 3, 99)],
  };

  it("marks the centre, labels edges with type and confidence and drops edges to missing nodes", () => {
    const els = entityNetworkElements(net, 1);
    expect(els.find((e) => e.data.id === "e1")?.classes).toBe("person centre");
    expect(els.find((e) => e.data.id === "e2")?.classes).toBe("org");
    expect(els.filter((e) => e.data.pinned).map((e) => e.data.id)).toEqual(["e1"]);
    const edges = els.filter((e) => e.group === "edges");
    expect(edges.map((e) => e.data.id)).toEqual(["r10", "r11"]);
    expect(edges[1]?.data).toMatchObject({
      source: "e3",
      target: "e2",
      label: "member of · 46 %",
      weight: 3,
    });
  });

  it("pins the centre and the entities of expanded nodes, and cuts long names to whole words", () => {
    const long = node(5, "The European Southern Observatory Paranal Site");
    const els = entityNetworkElements({ nodes: [...net.nodes, long], edges: net.edges }, 1, new Set([3]));
    expect(els.filter((e) => e.data.pinned).map((e) => e.data.id)).toEqual(["e1", "e3"]);
    expect(els.find((e) => e.data.id === "e5")?.data).toMatchObject({
      label: "The European Southern…",
      name: "The European Southern Observatory Paranal Site",
    });
  });

  it("merges an expanded node's network without repeating nodes or edges", () => {
    const more: EntityNetworkData = {
      nodes: [node(3, "Bob"), node(4, "Cy")],
      edges: [edge(11, 3, 2), edge(13, 3, 4)],
    };
    const merged = mergeNetworks(net, more);
    expect(merged.nodes.map((n) => n.id)).toEqual([1, 2, 3, 4]);
    expect(merged.edges.map((e) => e.id)).toEqual([10, 11, 12, 13]);
  });

  it("writes relationship labels in words", () => {
    expect(relationshipLabel("associated_with", 1)).toBe("associated with · 100 %");
  });
});
