"use client";

import type { CollectionReturnValue, Core, LayoutOptions } from "cytoscape";

import { labelScale, stretchToBox } from "@/lib/graph/viewport";

import { graphStyle } from "./graph-style";
import type { GraphColors } from "./theme-colors";

const PADDING = 24;
/** Past this, a fitted graph's labels shrink with it rather than grow over each other. */
const MAX_LABEL_SCALE = 3;

let fcoseRegistered = false;

/** Cytoscape with the fCoSE layout registered, loaded on demand (neither belongs in a page's first bundle). */
export async function loadCytoscape() {
  const [{ default: cytoscape }, { default: fcose }] = await Promise.all([
    import("cytoscape"),
    import("cytoscape-fcose"),
  ]);
  if (!fcoseRegistered) {
    cytoscape.use(fcose);
    fcoseRegistered = true;
  }
  return cytoscape;
}

/**
 * fCoSE: a spectral start refined by forces, which pulls clusters apart where Cytoscape's own cose left a tangle,
 * and spaces nodes by their own label sizes (a ring layout spaces every node by the widest label, the story's). An
 * `incremental` run ("show more", an expanded node) starts from the current positions, so the graph the reader
 * knows keeps its shape.
 */
export function layoutOptions(incremental: boolean): LayoutOptions {
  return {
    name: "fcose",
    quality: "proof",
    randomize: !incremental,
    animate: false,
    fit: false,
    nodeDimensionsIncludeLabels: true,
    packComponents: false,
    idealEdgeLength: () => 60,
    nodeSeparation: 60,
    nodeRepulsion: () => 6000,
    gravity: 0.3,
  } as LayoutOptions;
}

/** New nodes start next to their already placed neighbours, for an incremental layout to move from there. */
export function placeNearNeighbours(added: CollectionReturnValue) {
  added.nodes().forEach((n) => {
    const placed = n
      .neighborhood()
      .nodes()
      .filter((m) => !added.contains(m));
    if (placed.empty()) return;
    let x = 0;
    let y = 0;
    placed.forEach((m) => {
      x += m.position("x");
      y += m.position("y");
    });
    n.position({
      x: x / placed.length + (Math.random() - 0.5) * 40,
      y: y / placed.length + (Math.random() - 0.5) * 40,
    });
  });
}

/** Stretches the laid-out graph towards the container's aspect ratio, so the fit fills it (see `stretchToBox`). */
export function stretchToContainer(cy: Core) {
  const bb = cy.elements().boundingBox({});
  const { sx, sy } = stretchToBox({ w: bb.w, h: bb.h }, { w: cy.width(), h: cy.height() });
  if (sx === 1 && sy === 1) return;
  const cx = (bb.x1 + bb.x2) / 2;
  const cy0 = (bb.y1 + bb.y2) / 2;
  cy.nodes().positions((n) => {
    const p = n.position();
    return { x: cx + (p.x - cx) * sx, y: cy0 + (p.y - cy0) * sy };
  });
}

/**
 * Fits the graph to its container, then sizes the text for the zoom it ended at and fits again, until the two
 * agree: labels are then drawn at their nominal size and the drawing, labels included, fills the container (unless
 * the graph is so large that the scale reaches its maximum). Returns the label scale used.
 */
export function fitReadable(cy: Core, colors: GraphColors, scale: number): number {
  if (cy.elements().empty()) return scale;
  cy.fit(undefined, PADDING);
  let current = scale;
  for (let i = 0; i < 8; i++) {
    const next = labelScale(cy.zoom(), MAX_LABEL_SCALE);
    if (Math.abs(next - current) < 0.01 * current) break;
    current = next;
    cy.style(graphStyle(colors, current));
    cy.fit(undefined, PADDING);
  }
  return current;
}

/**
 * After a layout: stretch it to the container's shape and fit it readably, twice, since labels sized for the fitted
 * zoom change the drawing's shape. Returns the label scale used.
 */
export function settle(cy: Core, colors: GraphColors, scale: number): number {
  let current = scale;
  for (let pass = 0; pass < 2; pass++) {
    stretchToContainer(cy);
    current = fitReadable(cy, colors, current);
  }
  return current;
}

/**
 * Edge labels only where the reader looks: hovered or selected edges and those of a hovered or selected node. A
 * hovered node also fades everything outside its neighbourhood.
 */
export function refreshFocus(cy: Core) {
  cy.batch(() => {
    cy.elements(".labelled").removeClass("labelled");
    cy.elements(".faded").removeClass("faded");
    const hot = cy.elements(".hover, :selected");
    hot.edges().union(hot.nodes().connectedEdges()).addClass("labelled");
    const hovered = cy.nodes(".hover");
    if (hovered.nonempty()) cy.elements().difference(hovered.closedNeighborhood()).addClass("faded");
  });
}
