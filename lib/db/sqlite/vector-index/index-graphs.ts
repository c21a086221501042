import { HnswSet, type HnswParams } from "./hnsw-set";
import type { SavedIndex } from "./index-files";
import { TimeTable } from "./time-table";

export type StoredRow = { vector: Float32Array; time: number } | null;

const isZero = (v: Float32Array) => v.every((x) => x === 0);

/**
 * What one kind's index holds: the full graph; for articles a second graph over the rows with time ≥ `recentFrom`
 * (invariant: exactly the full graph's rows from then on); the time of every indexed row, for window filters; and
 * the ids whose stored vector is zero (no cosine, so never indexed, but known).
 */
export class IndexGraphs {
  constructor(
    readonly full: HnswSet,
    readonly recent: HnswSet | null,
    public recentFrom: number,
    readonly times: TimeTable,
    readonly zeros: Set<number>,
  ) {}

  static empty(params: HnswParams, recentFrom: number | null): IndexGraphs {
    const recent = recentFrom === null ? null : new HnswSet(params);
    return new IndexGraphs(new HnswSet(params), recent, recentFrom ?? Infinity, new TimeTable(), new Set());
  }

  static fromSaved(saved: SavedIndex): IndexGraphs {
    const from = saved.meta.recentFrom ?? Infinity;
    return new IndexGraphs(saved.full, saved.recent, from, saved.times, new Set(saved.meta.zeros));
  }

  get size(): number {
    return this.full.size;
  }

  /** The graph holding every indexed row with time ≥ `since`, and how many such rows there are. */
  window(since: number): { set: HnswSet; rows: number } {
    const set = this.recent && since >= this.recentFrom ? this.recent : this.full;
    return { set, rows: since <= 0 ? this.full.size : this.times.countSince(since) };
  }

  /** Brings these ids in line with their stored rows (`read`): added, replaced or removed. */
  apply(ids: readonly number[], read: (id: number) => StoredRow): void {
    const d = this.full.params.dimensions;
    const all = { ids: [] as number[], flat: new Float32Array(ids.length * d) };
    const recent = { ids: [] as number[], flat: new Float32Array(this.recent ? ids.length * d : 0) };
    for (const id of ids) {
      const row = read(id);
      const zero = row !== null && isZero(row.vector);
      if (!row || row.vector.length !== d || zero) {
        this.remove(id);
        if (zero) this.zeros.add(id);
        continue;
      }
      this.zeros.delete(id);
      this.times.set(id, row.time);
      all.flat.set(row.vector, all.ids.length * d);
      all.ids.push(id);
      if (!this.recent) continue;
      if (row.time < this.recentFrom) {
        this.recent.remove(id);
        continue;
      }
      recent.flat.set(row.vector, recent.ids.length * d);
      recent.ids.push(id);
    }
    this.full.upsert(all.ids, all.flat.subarray(0, all.ids.length * d));
    this.recent?.upsert(recent.ids, recent.flat.subarray(0, recent.ids.length * d));
  }

  remove(id: number): void {
    this.full.remove(id);
    this.recent?.remove(id);
    this.times.delete(id);
    this.zeros.delete(id);
  }

  /** Moves the recent graph's start to `from`, dropping the rows now older than it. */
  advanceRecent(from: number): void {
    if (!this.recent || from <= this.recentFrom) return;
    for (const id of this.recent.ids()) if (this.times.get(id) < from) this.recent.remove(id);
    this.recentFrom = from;
  }
}
