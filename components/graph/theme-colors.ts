"use client";

/** The graph's colours, read from the theme's CSS variables. */
export interface GraphColors {
  fg: string;
  muted: string;
  line: string;
  surface: string;
  accent: string;
  person: string;
  org: string;
  location: string;
}

/** The CSS variable behind each graph colour (the legend paints its swatches with them). */
export const GRAPH_COLOR_VARS: Record<keyof GraphColors, string> = {
  fg: "--lede-fg",
  muted: "--lede-muted",
  line: "--lede-line",
  surface: "--lede-surface",
  accent: "--lede-accent",
  person: "--lede-chart-1",
  org: "--lede-chart-2",
  location: "--lede-chart-3",
};

/**
 * The theme's colours as rgb(): Cytoscape parses hex, rgb and hsl only, and the theme is written in oklch. A 1×1
 * canvas converts whatever the browser understands.
 */
export function readGraphColors(): GraphColors {
  const style = getComputedStyle(document.documentElement);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const toRgb = (css: string, fallback: string) => {
    if (!ctx || !css) return fallback;
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = fallback;
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  };
  const out = {} as GraphColors;
  for (const [k, v] of Object.entries(GRAPH_COLOR_VARS) as Array<[keyof GraphColors, string]>) {
    out[k] = toRgb(style.getPropertyValue(v).trim(), "#888888");
  }
  return out;
}
