"use client";

import type { Core, LayoutOptions } from "cytoscape";
import { useEffect, useRef, useState } from "react";

import type { GraphElement } from "@/lib/graph/cytoscape-elements";

import { cn } from "../ui/cn";
import { Skeleton } from "../ui/skeleton";
import { graphStyle } from "./graph-style";
import { readGraphColors } from "./theme-colors";

export type GraphLayout = "force" | "radial";

function layoutOptions(layout: GraphLayout, nodes: number): LayoutOptions {
  if (layout === "radial") {
    return {
      name: "concentric",
      concentric: (n) => (n.hasClass("story") ? 2 : 1),
      levelWidth: () => 1,
      minNodeSpacing: 24,
      animate: false,
    } as LayoutOptions;
  }
  // Cytoscape's own force-directed layout; fewer iterations on big graphs keep a 200-edge network under a second.
  return {
    name: "cose",
    animate: false,
    randomize: true,
    nodeRepulsion: () => 20000,
    nodeOverlap: 12,
    idealEdgeLength: () => 110,
    numIter: nodes > 120 ? 600 : 1000,
  } as LayoutOptions;
}

/**
 * A Cytoscape canvas. The library (about 100 KB gzipped) is loaded when the graph mounts, never with the page.
 * After each layout the container carries `data-nodes` / `data-edges`: what Cytoscape actually drew.
 */
export function CytoscapeGraph({
  elements,
  layout = "force",
  label,
  onNodeTap,
  onNodeOpen,
  className,
}: {
  elements: GraphElement[];
  layout?: GraphLayout;
  /** What the graph shows, for screen readers (the page lists the same nodes as links). */
  label: string;
  onNodeTap?: (data: Record<string, unknown>) => void;
  /** A double tap: follow the node. */
  onNodeOpen?: (data: Record<string, unknown>) => void;
  className?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onNodeTap, onNodeOpen });
  useEffect(() => {
    handlers.current = { onNodeTap, onNodeOpen };
  });

  useEffect(() => {
    let cancelled = false;
    let observer: MutationObserver | undefined;
    void import("cytoscape").then(({ default: cytoscape }) => {
      if (cancelled || !container.current) return;
      const instance = cytoscape({
        container: container.current,
        style: graphStyle(readGraphColors()),
        minZoom: 0.2,
        maxZoom: 3,
        boxSelectionEnabled: false,
      });
      instance.on("tap", "node", (e) => handlers.current.onNodeTap?.(e.target.data()));
      instance.on("dbltap", "node", (e) => handlers.current.onNodeOpen?.(e.target.data()));
      // The theme toggle flips a class on <html>: recolour with it.
      observer = new MutationObserver(() => instance.style(graphStyle(readGraphColors())));
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
      cy.current = instance;
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      cy.current?.destroy();
      cy.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = cy.current;
    const el = container.current;
    if (!ready || !instance || !el) return;
    instance.batch(() => {
      const keep = new Set(elements.map((e) => e.data.id));
      instance
        .elements()
        .filter((e) => !keep.has(e.id()))
        .remove();
      instance.add(elements.filter((e) => instance.getElementById(e.data.id).empty()));
    });
    const run = instance.layout(layoutOptions(layout, elements.length));
    run.one("layoutstop", () => {
      instance.fit(undefined, 24);
      el.dataset.nodes = String(instance.nodes().filter((n) => n.visible()).length);
      el.dataset.edges = String(instance.edges().filter((e) => e.visible()).length);
      el.dataset.ready = "true";
    });
    run.run();
  }, [elements, layout, ready]);

  return (
    <div className={cn("border-line bg-surface relative overflow-hidden rounded-xl border", className)}>
      {ready ? null : <Skeleton className="absolute inset-0 rounded-none" />}
      <div ref={container} role="img" aria-label={label} data-testid="graph" className="h-full w-full" />
    </div>
  );
}
