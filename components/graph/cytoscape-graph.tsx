"use client";

import type { Core } from "cytoscape";
import { useEffect, useRef, useState } from "react";

import type { GraphElement } from "@/lib/graph/cytoscape-elements";

import { cn } from "../ui/cn";
import { Skeleton } from "../ui/skeleton";
import {
  fitReadable,
  layoutOptions,
  loadCytoscape,
  placeNearNeighbours,
  refreshFocus,
  settle,
} from "./cytoscape-view";
import { graphStyle } from "./graph-style";
import { readGraphColors, type GraphColors } from "./theme-colors";

interface Tip {
  text: string;
  x: number;
  y: number;
}

/**
 * A Cytoscape canvas. The library is loaded when the graph mounts, never with the page. After each layout the
 * container carries `data-nodes` / `data-edges` (what Cytoscape actually drew) and `data-ready`; Cytoscape keeps its
 * instance on the container (`_cyreg.cy`), where the browser tests read it.
 */
export function CytoscapeGraph({
  elements,
  label,
  onNodeTap,
  onNodeOpen,
  className,
  height,
}: {
  elements: GraphElement[];
  /** What the graph shows, for screen readers (the page lists the same nodes as links). */
  label: string;
  onNodeTap?: (data: Record<string, unknown>) => void;
  /** A double tap: follow the node. */
  onNodeOpen?: (data: Record<string, unknown>) => void;
  className?: string;
  /** In CSS pixels; otherwise `className` sizes the graph. */
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const view = useRef<{ colors: GraphColors | null; scale: number; laidOut: boolean }>({
    colors: null,
    scale: 1,
    laidOut: false,
  });
  const [ready, setReady] = useState(false);
  const [tip, setTip] = useState<Tip | null>(null);
  const handlers = useRef({ onNodeTap, onNodeOpen });
  useEffect(() => {
    handlers.current = { onNodeTap, onNodeOpen };
  });

  useEffect(() => {
    let cancelled = false;
    let observer: MutationObserver | undefined;
    let resize: ResizeObserver | undefined;
    void loadCytoscape().then((cytoscape) => {
      if (cancelled || !container.current) return;
      const colors = readGraphColors();
      view.current.colors = colors;
      const instance = cytoscape({
        container: container.current,
        style: graphStyle(colors, view.current.scale),
        minZoom: 0.1,
        maxZoom: 3,
        boxSelectionEnabled: false,
      });
      instance.on("tap", "node", (e) => handlers.current.onNodeTap?.(e.target.data()));
      instance.on("dbltap", "node", (e) => handlers.current.onNodeOpen?.(e.target.data()));
      instance.on("mouseover", "node, edge", (e) => {
        e.target.addClass("hover");
        refreshFocus(instance);
        if (!e.target.isNode()) return;
        const p = e.target.renderedPosition();
        const text = String(e.target.data("name") ?? e.target.data("label") ?? "");
        setTip({ text, x: p.x, y: p.y - e.target.renderedOuterHeight() / 2 - 6 });
      });
      instance.on("mouseout", "node, edge", (e) => {
        e.target.removeClass("hover");
        refreshFocus(instance);
        if (e.target.isNode()) setTip(null);
      });
      instance.on("select unselect", () => refreshFocus(instance));
      instance.on("viewport", () => setTip(null));
      // The theme toggle flips a class on <html>: recolour with it.
      observer = new MutationObserver(() => {
        view.current.colors = readGraphColors();
        instance.style(graphStyle(view.current.colors, view.current.scale));
      });
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
      // A resized window or column: refit, no new layout.
      resize = new ResizeObserver(() => {
        instance.resize();
        if (view.current.laidOut && view.current.colors)
          view.current.scale = fitReadable(instance, view.current.colors, view.current.scale);
      });
      resize.observe(container.current);
      // A pointer that leaves the canvas straight from a node sends Cytoscape no mouseout.
      container.current.addEventListener("mouseleave", () => {
        instance.elements(".hover").removeClass("hover");
        refreshFocus(instance);
        setTip(null);
      });
      cy.current = instance;
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      resize?.disconnect();
      cy.current?.destroy();
      cy.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = cy.current;
    const el = container.current;
    if (!ready || !instance || !el) return;
    const keep = new Set(elements.map((e) => e.data.id));
    let added = instance.collection();
    instance.batch(() => {
      instance
        .elements()
        .filter((e) => !keep.has(e.id()))
        .remove();
      added = instance.add(elements.filter((e) => instance.getElementById(e.data.id).empty()));
    });
    // The container may have grown with the elements ("show more"): measure it before laying out into it.
    instance.resize();
    const kept = instance.nodes().length - added.nodes().length;
    const incremental = kept > 1 && kept >= added.nodes().length;
    if (incremental) placeNearNeighbours(added);
    el.dataset.ready = "false";
    const run = instance.layout(layoutOptions(incremental));
    run.one("layoutstop", () => {
      if (view.current.colors) view.current.scale = settle(instance, view.current.colors, view.current.scale);
      view.current.laidOut = true;
      refreshFocus(instance);
      el.dataset.nodes = String(instance.nodes().filter((n) => n.visible()).length);
      el.dataset.edges = String(instance.edges().filter((e) => e.visible()).length);
      el.dataset.ready = "true";
    });
    run.run();
  }, [elements, ready]);

  return (
    <div
      style={height ? { height } : undefined}
      className={cn("border-line bg-surface relative overflow-hidden rounded-xl border", className)}
    >
      {ready ? null : <Skeleton className="absolute inset-0 rounded-none" />}
      <div ref={container} role="img" aria-label={label} data-testid="graph" className="h-full w-full" />
      {tip ? (
        <div
          role="tooltip"
          data-testid="graph-tooltip"
          style={{ left: tip.x, top: tip.y }}
          className="bg-fg text-surface pointer-events-none absolute z-10 max-w-xs -translate-x-1/2 -translate-y-full rounded-md px-2 py-1 text-xs shadow-md"
        >
          {tip.text}
        </div>
      ) : null}
    </div>
  );
}
