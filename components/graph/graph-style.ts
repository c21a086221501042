import type { StylesheetStyle } from "cytoscape";

import { NODE_KINDS } from "@/lib/graph/node-kinds";

import type { GraphColors } from "./theme-colors";

/**
 * Node colour and shape by kind (the table the legend reads), size by weight; edge width by weight. Edge labels are
 * drawn only on `.labelled` edges (hovered or selected, or touching a hovered or selected node). `scale` enlarges
 * text so a graph fitted at a zoom below 1 still draws it at its nominal size (see `labelScale`).
 */
export function graphStyle(c: GraphColors, scale = 1): StylesheetStyle[] {
  const px = (n: number) => n * scale;
  return [
    {
      selector: "node",
      style: {
        label: "data(label)",
        "font-size": px(12),
        color: c.fg,
        "text-valign": "bottom",
        "text-margin-y": px(4),
        // Labels arrive cut to whole words (the full text is the hover text): wrap them, never cut them again.
        "text-wrap": "wrap",
        "text-max-width": `${px(120)}px`,
        "text-outline-color": c.surface,
        "text-outline-width": px(2),
        "background-color": c.muted,
        width: "mapData(weight, 1, 20, 18, 40)",
        height: "mapData(weight, 1, 20, 18, 40)",
      },
    },
    { selector: "node[!weight]", style: { width: 24, height: 24 } },
    ...NODE_KINDS.map(
      (k): StylesheetStyle => ({
        selector: `node.${k.kind}`,
        style: { "background-color": c[k.colour], shape: k.shape },
      }),
    ),
    {
      selector: "node.story",
      style: {
        width: 46,
        height: 46,
        "font-weight": "bold",
        "font-size": px(13),
        "text-max-width": `${px(170)}px`,
      },
    },
    { selector: "node.centre", style: { width: 46, height: 46, "border-width": 3, "border-color": c.fg } },
    { selector: "node:selected", style: { "border-width": 4, "border-color": c.accent } },
    {
      selector: "edge",
      style: {
        width: "mapData(weight, 1, 20, 1, 6)",
        "line-color": c.line,
        "curve-style": "bezier",
        label: "",
        "font-size": px(11),
        color: c.fg,
        "text-rotation": "autorotate",
        "text-background-color": c.surface,
        "text-background-opacity": 0.9,
        "text-background-padding": `${px(2)}px`,
      },
    },
    { selector: "edge.labelled", style: { label: "data(label)", "line-color": c.muted, "z-index": 10 } },
    { selector: "edge:selected", style: { "line-color": c.accent } },
    // Hovering a node fades everything outside its neighbourhood, so one node's links read even in a dense graph.
    { selector: ".faded", style: { opacity: 0.2 } },
  ];
}
