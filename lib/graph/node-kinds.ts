/** The theme colours a node can take (the graph reads them from CSS variables). */
export type NodeColour = "accent" | "person" | "org" | "location" | "muted";
export type NodeShape = "ellipse" | "round-rectangle" | "round-diamond" | "round-hexagon";

export interface NodeKind {
  kind: string;
  label: string;
  colour: NodeColour;
  shape: NodeShape;
}

/** How each kind of node is drawn. The graph's stylesheet and its legend both read this table. */
export const NODE_KINDS: readonly NodeKind[] = [
  { kind: "story", label: "Story", colour: "accent", shape: "round-hexagon" },
  { kind: "person", label: "Person", colour: "person", shape: "ellipse" },
  { kind: "org", label: "Organisation", colour: "org", shape: "round-rectangle" },
  { kind: "location", label: "Place", colour: "location", shape: "round-diamond" },
];

/** A kind the table does not know is drawn as a grey circle and listed under its own name. */
export function nodeKind(kind: string): NodeKind {
  return (
    NODE_KINDS.find((k) => k.kind === kind) ?? {
      kind,
      label: kind ? kind.charAt(0).toUpperCase() + kind.slice(1) : "Other",
      colour: "muted",
      shape: "ellipse",
    }
  );
}

/** The legend of a graph: each kind among `kinds` once, in the table's order, unknown kinds after them. */
export function legendItems(kinds: Iterable<string>): NodeKind[] {
  const present = new Set(kinds);
  const known = NODE_KINDS.filter((k) => present.has(k.kind));
  const unknown = [...present].filter((k) => !NODE_KINDS.some((x) => x.kind === k)).sort();
  return [...known, ...unknown.map(nodeKind)];
}
