import os from "node:os";

import { Index, MetricKind, ScalarKind } from "usearch";

export interface HnswParams {
  dimensions: number;
  /** How usearch stores the vectors it compares while searching; hits are rescored exactly from SQLite. */
  quantization: "f32" | "f16" | "i8";
  /** Graph degree (M). */
  connectivity: number;
  /** Candidate list while inserting (efConstruction). */
  expansionAdd: number;
  /** Candidate list while searching (ef); a search for k > ef widens it to k. */
  expansionSearch: number;
}

const SCALARS = { f32: ScalarKind.F32, f16: ScalarKind.F16, i8: ScalarKind.I8 } as const;
const THREADS = Math.max(1, os.availableParallelism());

const create = (p: HnswParams) =>
  new Index({
    dimensions: p.dimensions,
    metric: MetricKind.Cos,
    quantization: SCALARS[p.quantization],
    connectivity: p.connectivity,
    expansion_add: p.expansionAdd,
    expansion_search: p.expansionSearch,
    multi: false,
  });

/** Graph size up to which the configured ef (expansionSearch) is kept. */
const BREADTH_BASE_SIZE = 250_000;
/** The widest search a query makes to keep recall on a big graph. */
const MAX_BREADTH = 512;

/**
 * Candidates an HNSW search keeps (its ef) on a graph of `size` vectors: the configured breadth up to 250k, then
 * growing with the square root of the size (twice as wide at 1M). On the 1M real-headline database of bench:scale,
 * ef 128 found 93.5 % of the exact top 10 and ef 256 96.8 % (`npm run bench:vectors-db`, docs/benchmarks.md);
 * the graph search itself stayed near 2.3 ms.
 */
export function searchBreadth(size: number, configured: number): number {
  if (size <= BREADTH_BASE_SIZE) return configured;
  const scaled = Math.round(configured * Math.sqrt(size / BREADTH_BASE_SIZE));
  return Math.max(configured, Math.min(MAX_BREADTH, scaled));
}

/**
 * A usearch HNSW graph (cosine) keyed by row id, plus which ids it holds: the JS binding cannot list its keys, and
 * a key must be removed before it is added again.
 */
export class HnswSet {
  private index: Index;
  private members = new Uint8Array(1024);
  private count = 0;

  constructor(readonly params: HnswParams) {
    this.index = create(params);
  }

  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    return this.members[id] === 1;
  }

  /** Adds vectors (`flat` holds ids.length × dimensions values), replacing those of ids already held. */
  upsert(ids: readonly number[], flat: Float32Array): void {
    if (!ids.length) return;
    for (const id of ids) this.remove(id);
    this.index.add(BigUint64Array.from(ids, BigInt), flat, THREADS);
    for (const id of ids) this.mark(id);
  }

  remove(id: number): void {
    if (!this.has(id)) return;
    this.index.remove(BigInt(id));
    this.members[id] = 0;
    this.count--;
  }

  /**
   * Up to `k` ids with their (quantized) cosine distance, nearest first. The search keeps at least
   * `searchBreadth(size)` candidates whatever `k` is: a larger graph needs a wider search for the same recall.
   */
  search(vector: Float32Array, k: number): Array<{ id: number; distance: number }> {
    if (this.count === 0) return [];
    const want = Math.min(k, this.count);
    const wide = Math.min(this.count, Math.max(want, searchBreadth(this.count, this.params.expansionSearch)));
    const found = this.index.search(vector, wide, 1);
    const n = Math.min(want, found.keys.length);
    const out: Array<{ id: number; distance: number }> = [];
    for (let i = 0; i < n; i++)
      out.push({ id: Number(found.keys[i]), distance: found.distances[i] as number });
    return out;
  }

  /** Every id held, ascending. */
  ids(): number[] {
    const out: number[] = [];
    for (let id = 0; id < this.members.length; id++) if (this.members[id] === 1) out.push(id);
    return out;
  }

  save(file: string): void {
    this.index.save(file);
  }

  /** Reads a saved graph; `ids` are the keys it was saved with (kept in a side file). */
  static load(file: string, params: HnswParams, ids: readonly number[]): HnswSet {
    const set = new HnswSet(params);
    set.index.load(file);
    if (set.index.size() !== ids.length || set.index.dimensions() !== params.dimensions) {
      throw new Error(`index file ${file} holds ${set.index.size()} vectors, its key list ${ids.length}`);
    }
    for (const id of ids) set.mark(id);
    return set;
  }

  private mark(id: number): void {
    if (id >= this.members.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.members.length * 2));
      grown.set(this.members);
      this.members = grown;
    }
    if (this.members[id] !== 1) this.count++;
    this.members[id] = 1;
  }
}
