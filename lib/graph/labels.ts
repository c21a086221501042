/** The longest node labels drawn on a graph, in characters; the full text is shown on hover. */
export const LABEL_MAX = { story: 60, entity: 30 } as const;

/**
 * `text` cut to at most `max` characters for a node label. A cut ends on a word boundary (trailing punctuation
 * dropped) and always shows an ellipsis; only a first word longer than half the room is cut inside, still with one.
 */
export function shortLabel(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const room = t.slice(0, Math.max(1, max - 1));
  const atBoundary = /\s/.test(t.charAt(room.length));
  const space = room.search(/\s\S*$/);
  const words = atBoundary ? room : space >= room.length / 2 ? room.slice(0, space) : room;
  const stem = words.replace(/[\s,;:.\-–—|/]+$/u, "");
  return `${stem || room}…`;
}
