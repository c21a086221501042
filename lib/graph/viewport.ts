export interface Size {
  w: number;
  h: number;
}

/**
 * How much to stretch a layout of size `layout` along one axis so its aspect ratio nears the box's: a force layout
 * comes out roughly square, and fitted into a wide box it filled a strip of it. Never shrinks; at most `max`.
 */
export function stretchToBox(layout: Size, box: Size, max = 2): { sx: number; sy: number } {
  if (layout.w <= 0 || layout.h <= 0 || box.w <= 0 || box.h <= 0) return { sx: 1, sy: 1 };
  const ratio = box.w / box.h / (layout.w / layout.h);
  return ratio >= 1 ? { sx: Math.min(ratio, max), sy: 1 } : { sx: 1, sy: Math.min(1 / ratio, max) };
}

/**
 * The factor applied to label sizes so that, at the zoom a fitted graph ends up at, labels are drawn at their
 * nominal size: a graph zoomed out to 0.5 gets labels twice as large in graph units. Never below 1 (zooming in
 * enlarges labels as usual), at most `max` (a huge graph zoomed far out keeps small labels rather than a wall of text).
 */
export function labelScale(zoom: number, max = 3): number {
  if (!(zoom > 0)) return 1;
  return Math.min(max, Math.max(1, 1 / zoom));
}

/**
 * The height of a graph showing `shown` nodes where `base` fits the first `initial`: it grows with the square root
 * of the node count (the area a node needs stays about the same, the width is the page's), at most `max` times.
 */
export function graphHeight(base: number, shown: number, initial: number, max = 2): number {
  if (initial <= 0 || shown <= initial) return base;
  return Math.round(base * Math.min(max, Math.sqrt(shown / initial)));
}
