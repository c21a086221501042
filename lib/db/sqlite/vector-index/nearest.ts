import type { Db } from "../../open-db";
import { stmt } from "../stmt-cache";
import { searchBreadth, type HnswSet } from "./hnsw-set";

export interface Hit {
  id: number;
  distance: number;
}

/**
 * Windows of at most this many rows are searched exactly, one vec0 point read per row (about 12 µs each with the
 * 32-vector chunks of migration 010): below it that beats both the graph's over-fetch and vec0's KNN, which reads
 * every chunk whatever the window.
 */
export const EXACT_ROWS = 512;
/** Up to this many rows, exact point reads are still worth it when the graph would need a bigger over-fetch. */
export const EXACT_ROWS_MAX = 4096;
/** The graph is asked for at most this many candidates; a window needing more is searched exactly. */
const MAX_FETCH = 16_384;
/** Cost of one exact point read relative to one unit of the graph's candidate list (k). */
const POINT_VS_FETCH = 2.5;

/**
 * The cosine distance of each id's stored vector to the query, computed by sqlite-vec as its KNN computes it, so a
 * hit found through the graph carries the distance the exact search gives. Missing rows and zero vectors (no
 * cosine) are left out.
 */
export function exactDistances(db: Db, table: string, query: Buffer, ids: Iterable<number>): Hit[] {
  const read = stmt(db, `SELECT vec_distance_cosine(embedding, ?) FROM ${table} WHERE rowid = ?`).pluck();
  const out: Hit[] = [];
  for (const id of ids) {
    const distance = read.get(query, BigInt(id)) as number | null | undefined;
    if (distance !== null && distance !== undefined) out.push({ id, distance });
  }
  return out;
}

/** Nearest first, ties by id descending (the order of the exact search), at most `limit`. */
export function nearestFirst(hits: Hit[], limit: number): Hit[] {
  return hits.sort((a, b) => a.distance - b.distance || b.id - a.id).slice(0, limit);
}

/** How many graph candidates a filtered search gathers for a page of `limit` (margin for near ties and the filter). */
export const poolFor = (limit: number) => limit + Math.max(limit, 10);

/**
 * Candidates from the graph that pass `accept` (the window), nearest first by the graph's (quantized) distance, at
 * least `pool` of them when the window holds that many. `fraction` (the window's share of the graph) sizes the first fetch; a
 * short result is fetched again four times wider. Null when the window is cheaper to search exactly.
 */
export function windowCandidates(q: {
  set: HnswSet;
  vector: Float32Array;
  pool: number;
  rows: number;
  fraction: number;
  accept: (id: number) => boolean;
}): Hit[] | null {
  const size = q.set.size;
  // A window filtering a big graph asks for as many more candidates as the graph's search breadth grew.
  const ef = q.set.params.expansionSearch;
  const widen = searchBreadth(size, ef) / ef;
  let k = Math.min(
    size,
    Math.ceil((q.pool / Math.max(q.fraction, 1e-9)) * 1.5 * (q.fraction < 1 ? widen : 1)),
  );
  if (q.rows <= EXACT_ROWS || (q.rows <= EXACT_ROWS_MAX && k > q.rows * POINT_VS_FETCH)) return null;
  for (;;) {
    if (k > MAX_FETCH) return null;
    const found = q.set.search(q.vector, Math.max(k, q.pool));
    const kept = found.filter((h) => q.accept(h.id));
    if (kept.length >= q.pool || found.length < k || k >= size) return kept;
    k = Math.min(size, k * 4);
  }
}

/**
 * Ids whose graph distance to `vector` is at most `maxDistance`: a range search, widening
 * the graph's candidate list fourfold until its farthest candidate lies beyond `maxDistance`. Null when more than
 * `cap` candidates lie that close (a broad query, cheaper answered by a scan).
 */
export function withinDistance(q: {
  set: HnswSet;
  vector: Float32Array;
  maxDistance: number;
  cap: number;
}): Set<number> | null {
  let k = Math.min(q.set.size, 256);
  for (;;) {
    const found = q.set.search(q.vector, k);
    const farthest = found[found.length - 1];
    // A search may return fewer than k ids (parts of the graph it did not reach): only a candidate past the radius,
    // or a list as big as the graph, ends the widening.
    if ((farthest && farthest.distance > q.maxDistance) || k >= q.set.size) {
      const out = new Set<number>();
      for (const h of found) if (h.distance <= q.maxDistance) out.add(h.id);
      return out;
    }
    if (k >= q.cap) return null;
    k = Math.min(q.set.size, q.cap, k * 4);
  }
}
