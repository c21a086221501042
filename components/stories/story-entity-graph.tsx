"use client";

import { useRouter } from "next/navigation";

import type { GraphElement } from "@/lib/graph/cytoscape-elements";

import { CytoscapeGraph } from "../graph/cytoscape-graph";

/** The story and its most-mentioned entities; a tap on an entity opens its page. */
export function StoryEntityGraph({ elements, label }: { elements: GraphElement[]; label: string }) {
  const router = useRouter();
  return (
    <CytoscapeGraph
      elements={elements}
      layout="radial"
      label={label}
      className="h-80"
      onNodeTap={(d) => {
        if (typeof d.entityId === "number") router.push(`/entities/${d.entityId}`);
      }}
    />
  );
}
