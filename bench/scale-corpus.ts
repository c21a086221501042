// The real dev headlines (../shared/data/news-clustering-dev) that bench/scale.ts grows into 10k–1M-article
// databases, and the variations that keep the copies apart: a place per story instance, headline halves
// recombined within the story, shifted numbers, another source. Pure, deterministic functions of their inputs.
import fs from "node:fs";
import { gunzipSync } from "node:zlib";

import { buildGazetteer } from "../lib/entities/gazetteer/build";

export interface DevRecord {
  title: string;
  host: string;
  /** The data set's category letter (b, t, e, m), which the importer passes as the item's category. */
  category: string;
  time: number;
  cluster: number;
}

export interface DevCluster {
  /** Record indices, oldest first. */
  members: Int32Array;
  first: number;
  span: number;
}

export interface DevCorpus {
  records: DevRecord[];
  clusters: DevCluster[];
}

export function readDevCorpus(file: string): DevCorpus {
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  const records: DevRecord[] = [];
  const clusterIds = new Map<string, number>();
  for (const line of lines) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as {
      title: string;
      hostname: string;
      category: string;
      published_at: number;
      cluster: string;
    };
    let cluster = clusterIds.get(r.cluster);
    if (cluster === undefined) clusterIds.set(r.cluster, (cluster = clusterIds.size));
    records.push({ title: r.title, host: r.hostname, category: r.category, time: r.published_at, cluster });
  }
  const lists: number[][] = Array.from({ length: clusterIds.size }, () => []);
  records.forEach((r, i) => lists[r.cluster]!.push(i));
  const clusters = lists.map((ids) => {
    ids.sort((a, b) => records[a]!.time - records[b]!.time || a - b);
    const first = records[ids[0]!]!.time;
    return { members: Int32Array.from(ids), first, span: records[ids.at(-1)!]!.time - first };
  });
  return { records, clusters };
}

/** Cities and countries of the shipped gazetteer: places the entity extraction recognises. */
export function placeNames(): string[] {
  return buildGazetteer()
    .filter((e) => e.type === "location" && (e.subcategory === "city" || e.subcategory === "country"))
    .map((e) => e.name)
    .sort();
}

/** FNV-1a over the parts, then a final avalanche: a stable 32-bit hash. */
export function hash32(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A uniform number in [0, 1) from a hash. */
export const unit = (...parts: Array<string | number>) => hash32(...parts) / 2 ** 32;

/** The aggregator cut long headlines and marked it with "  ..."; copies drop the mark. */
export const stripCut = (title: string) => title.replace(/\s*\.\.\.\s*$/, "").trim();

const SEPARATORS = [": ", " - ", " – ", "; ", ", ", " as ", " after ", " amid ", " with ", " for ", " to "];

function split(title: string): { head: string; sep: string; tail: string } | null {
  for (const sep of SEPARATORS) {
    const at = title.indexOf(sep);
    if (at >= 12 && title.length - at - sep.length >= 12)
      return { head: title.slice(0, at), sep, tail: title.slice(at + sep.length) };
  }
  return null;
}

/** Numbers move by the round (years stay), so copies of a report quote other figures. */
function shiftNumbers(title: string, round: number): string {
  return title.replace(/\b\d+(?:\.\d+)?\b/g, (m) => {
    const n = Number(m);
    if (Number.isInteger(n) && n >= 1900 && n <= 2100) return m;
    const shifted = n * (1 + (round % 7) / 10) + round;
    return m.includes(".") ? shifted.toFixed(m.split(".")[1]!.length) : String(Math.round(shifted));
  });
}

/**
 * A copy of a real headline for story instance `round` ≥ 1: its head joined to the tail of a sibling headline of
 * the same story (when both split), numbers shifted, and the instance's place added. Round 0 keeps the original.
 */
export function variantTitle(
  base: string,
  sibling: string,
  place: string,
  round: number,
  h: number,
): { title: string; recombined: boolean } {
  let title = stripCut(base);
  let recombined = false;
  const a = split(title);
  const b = split(stripCut(sibling));
  if (h % 2 === 0 && a && b && b.tail !== a.tail) {
    title = `${a.head}${a.sep}${b.tail}`;
    recombined = true;
  }
  title = shiftNumbers(title, round);
  const form = (h >>> 3) % 3;
  title = form === 0 ? `${place}: ${title}` : form === 1 ? `${title} in ${place}` : `${title} (${place})`;
  return { title, recombined };
}

/** A feed-style lede: two other headlines of the same story, and where it is reported from. */
export function excerptFor(siblings: string[], place: string | null): string {
  const sentences = siblings.map((s) => {
    const t = stripCut(s);
    return /[.!?]$/.test(t) ? t : `${t}.`;
  });
  if (place) sentences.push(`Reported from ${place}.`);
  return sentences.join(" ");
}
