import type { NodeKind, NodeShape } from "@/lib/graph/node-kinds";

import { GRAPH_COLOR_VARS } from "./theme-colors";

/** The node shapes of the stylesheet, drawn in a 14×14 box. */
function Swatch({ shape, colour }: { shape: NodeShape; colour: string }) {
  const fill = `var(${colour})`;
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" className="shrink-0">
      {shape === "ellipse" ? <circle cx="7" cy="7" r="6" fill={fill} /> : null}
      {shape === "round-rectangle" ? <rect x="1" y="2" width="12" height="10" rx="2.5" fill={fill} /> : null}
      {shape === "round-diamond" ? (
        <rect x="2.8" y="2.8" width="8.4" height="8.4" rx="1.5" fill={fill} transform="rotate(45 7 7)" />
      ) : null}
      {shape === "round-hexagon" ? (
        <polygon points="4,1.5 10,1.5 13,7 10,12.5 4,12.5 1,7" fill={fill} strokeLinejoin="round" />
      ) : null}
    </svg>
  );
}

/** What the colours and shapes of the graph's nodes mean, for the kinds it shows, and a note on its lines. */
export function GraphLegend({ items, note }: { items: NodeKind[]; note?: string }) {
  return (
    <div className="text-muted flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
      <ul
        aria-label="Legend"
        data-testid="graph-legend"
        className="flex flex-wrap items-center gap-x-3 gap-y-1"
      >
        {items.map((k) => (
          <li
            key={k.kind}
            data-kind={k.kind}
            data-shape={k.shape}
            className="text-fg flex items-center gap-1.5"
          >
            <Swatch shape={k.shape} colour={GRAPH_COLOR_VARS[k.colour]} />
            {k.label}
          </li>
        ))}
      </ul>
      {note ? <p>{note}</p> : null}
    </div>
  );
}
