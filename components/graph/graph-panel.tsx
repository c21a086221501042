"use client";

import { useMemo, useState, type ComponentProps } from "react";

import { capElements } from "@/lib/graph/cap-elements";
import { legendItems } from "@/lib/graph/node-kinds";
import { graphHeight } from "@/lib/graph/viewport";

import { Button } from "../ui/button";
import { CytoscapeGraph } from "./cytoscape-graph";
import { GraphLegend } from "./graph-legend";

/**
 * A graph capped to `cap.initial` nodes (pinned nodes aside), with its legend and a "Show more" button that adds
 * `cap.step` at a time; `height` fits the first cap and grows as more is shown, so labels keep their size. A new
 * `resetKey` (another depth, another edge limit) starts again from the cap.
 */
export function GraphPanel({
  elements,
  cap,
  resetKey = "",
  noun,
  legendNote,
  height,
  ...graph
}: Omit<ComponentProps<typeof CytoscapeGraph>, "height"> & {
  cap: { initial: number; step: number };
  /** In CSS pixels, for the first `cap.initial` nodes. */
  height: number;
  resetKey?: string;
  /** What the capped nodes are, plural: "entities". */
  noun: string;
  legendNote?: string;
}) {
  const [limit, setLimit] = useState(cap.initial);
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setLimit(cap.initial);
  }
  const capped = useMemo(() => capElements(elements, limit), [elements, limit]);
  const legend = useMemo(
    () =>
      legendItems(capped.elements.filter((e) => e.group === "nodes").map((e) => String(e.data.kind ?? ""))),
    [capped],
  );
  const hidden = capped.total - capped.shown;
  return (
    <div className="space-y-2">
      <CytoscapeGraph
        elements={capped.elements}
        height={graphHeight(height, capped.shown, cap.initial)}
        {...graph}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <GraphLegend items={legend} note={legendNote} />
        {hidden > 0 ? (
          <div className="flex items-center gap-2 text-xs">
            <span className="text-muted" data-testid="graph-shown">
              {capped.shown} of {capped.total} {noun} shown
            </span>
            <Button variant="secondary" size="sm" onClick={() => setLimit(capped.shown + cap.step)}>
              Show {Math.min(cap.step, hidden)} more
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
