import { describe, expect, it } from "vitest";

import { legendItems, NODE_KINDS, nodeKind } from "./node-kinds";

describe("legendItems", () => {
  it("lists each kind present once, in the table's order", () => {
    expect(legendItems(["location", "person", "story", "person"]).map((k) => k.label)).toEqual([
      "Story",
      "Person",
      "Place",
    ]);
  });

  it("lists a kind the table does not know under its own name, after the known ones", () => {
    expect(legendItems(["event", "org"])).toEqual([
      { kind: "org", label: "Organisation", colour: "org", shape: "round-rectangle" },
      { kind: "event", label: "Event", colour: "muted", shape: "ellipse" },
    ]);
    expect(legendItems([])).toEqual([]);
  });

  it("gives every known kind its own colour and shape, so the legend tells them apart", () => {
    expect(new Set(NODE_KINDS.map((k) => k.colour)).size).toBe(NODE_KINDS.length);
    expect(new Set(NODE_KINDS.map((k) => k.shape)).size).toBe(NODE_KINDS.length);
    expect(nodeKind("person").shape).toBe("ellipse");
  });
});
