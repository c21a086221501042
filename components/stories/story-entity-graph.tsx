"use client";

import { useRouter } from "next/navigation";

import type { GraphElement } from "@/lib/graph/cytoscape-elements";

import { GraphPanel } from "../graph/graph-panel";

/**
 * The story and its most-mentioned entities (the first ten, more on demand: the column is narrow); a tap on an
 * entity opens its page.
 */
export function StoryEntityGraph({ elements, label }: { elements: GraphElement[]; label: string }) {
  const router = useRouter();
  return (
    <GraphPanel
      elements={elements}
      cap={{ initial: 10, step: 10 }}
      noun="entities"
      legendNote="Thicker line: more mentions. Hover a node for its full name."
      label={label}
      height={384}
      onNodeTap={(d) => {
        if (typeof d.entityId === "number") router.push(`/entities/${d.entityId}`);
      }}
    />
  );
}
