import type { StylesheetStyle } from "cytoscape";

import type { GraphColors } from "./theme-colors";

/** Node colour by entity type, size by weight; edge width by weight, labels only once zoomed in enough to read. */
export function graphStyle(c: GraphColors): StylesheetStyle[] {
  return [
    {
      selector: "node",
      style: {
        label: "data(label)",
        "font-size": 11,
        color: c.fg,
        "text-valign": "bottom",
        "text-margin-y": 4,
        "text-wrap": "ellipsis",
        "text-max-width": "120px",
        "text-outline-color": c.surface,
        "text-outline-width": 2,
        "background-color": c.muted,
        width: "mapData(weight, 1, 20, 18, 40)",
        height: "mapData(weight, 1, 20, 18, 40)",
        "min-zoomed-font-size": 6,
      },
    },
    { selector: "node[!weight]", style: { width: 24, height: 24 } },
    { selector: "node.person", style: { "background-color": c.person } },
    { selector: "node.org", style: { "background-color": c.org, shape: "round-rectangle" } },
    { selector: "node.location", style: { "background-color": c.location, shape: "round-diamond" } },
    {
      selector: "node.story",
      style: {
        "background-color": c.accent,
        shape: "round-rectangle",
        width: 46,
        height: 46,
        "font-weight": "bold",
        "font-size": 12,
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
        label: "data(label)",
        "font-size": 9,
        color: c.muted,
        "text-rotation": "autorotate",
        "text-background-color": c.surface,
        "text-background-opacity": 0.85,
        "text-background-padding": "2px",
        "min-zoomed-font-size": 9,
      },
    },
    { selector: "edge:selected", style: { "line-color": c.accent, color: c.fg } },
  ];
}
