import type { GraphElement } from "./cytoscape-elements";

export interface CappedGraph {
  elements: GraphElement[];
  /** Nodes shown and nodes in all, pinned nodes (the story, the centre, expansions) not counted. */
  shown: number;
  total: number;
}

/**
 * The graph cut to its first `limit` unpinned nodes, in the order given, plus every pinned node (`data.pinned`), and
 * the edges between kept nodes. The graph builders list nodes nearest and strongest first, each one linked to a
 * node before it, so a cut graph stays connected and "show more" only ever adds to it.
 */
export function capElements(elements: GraphElement[], limit: number): CappedGraph {
  const keep = new Set<string>();
  let shown = 0;
  let total = 0;
  for (const e of elements) {
    if (e.group !== "nodes") continue;
    if (e.data.pinned) {
      keep.add(e.data.id);
      continue;
    }
    total += 1;
    if (shown < limit) {
      keep.add(e.data.id);
      shown += 1;
    }
  }
  const kept = elements.filter((e) =>
    e.group === "nodes"
      ? keep.has(e.data.id)
      : keep.has(e.data.source ?? "") && keep.has(e.data.target ?? ""),
  );
  return { elements: kept, shown, total };
}
