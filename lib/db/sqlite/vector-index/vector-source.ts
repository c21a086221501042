import type { Db } from "../../open-db";
import { stmt } from "../stmt-cache";
import { VECTOR_TABLE, type VectorKind } from "../vector-writes";

/** Where an index stands against SQLite: the last change logged and the highest rowid of the vec0 table. */
export interface SourceHead {
  seq: number;
  maxRowid: number;
}

/** The SQLite side of one kind's index: the vec0 table and its change log. */
export interface VectorSource {
  kind: VectorKind;
  head(): SourceHead;
  /** The oldest change still logged (older ones are pruned once a saved index covers them), or null. */
  oldestSeq(): number | null;
  /** Ids changed after `afterSeq` up to `toSeq`, at most `limit` entries, with the seq of the last one read. */
  changes(afterSeq: number, toSeq: number, limit: number): { ids: number[]; last: number };
  /** Rowids of the vec0 table above `after` (and at most `upTo`), ascending. */
  rowids(after: number, upTo: number, limit: number): number[];
  rowCount(): number;
  /** The stored vector and, for articles, discovered_at; null when the row (or its article) is gone. */
  row(id: number): { vector: Float32Array; time: number } | null;
  /** Forgets log entries up to `seq` (a bounded batch per call). */
  pruneLog(seq: number): void;
}

/**
 * vec0 keeps its rowids in the shadow table `<name>_rowids`, an ordinary rowid table: max, count and ranges there are
 * B-tree operations, where the virtual table would scan its chunks. Pinned sqlite-vec; the virtual table itself is
 * the fallback should a version drop the shadow table.
 */
function rowidTable(db: Db, table: string): string {
  const shadow = `${table}_rowids`;
  const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(shadow);
  return found ? shadow : table;
}

export function sqliteVectorSource(db: Db, kind: VectorKind): VectorSource {
  const table = VECTOR_TABLE[kind];
  const rowids = rowidTable(db, table);
  const timeSql =
    kind === "article"
      ? "SELECT discovered_at FROM articles WHERE id = ?"
      : "SELECT 0 FROM stories WHERE id = ?";
  return {
    kind,
    head() {
      const r = stmt(
        db,
        // AUTOINCREMENT's counter, not max(seq): the log may have been pruned down to nothing.
        `SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'vector_changes') AS seq,
                (SELECT rowid FROM ${rowids} ORDER BY rowid DESC LIMIT 1) AS maxRowid`,
      ).get() as { seq: number | null; maxRowid: number | null };
      return { seq: r.seq ?? 0, maxRowid: r.maxRowid ?? 0 };
    },
    oldestSeq() {
      return (
        (stmt(db, "SELECT seq FROM vector_changes ORDER BY seq LIMIT 1").pluck().get() as number) ?? null
      );
    },
    changes(afterSeq, toSeq, limit) {
      const rows = stmt(
        db,
        "SELECT seq, kind, item_id AS id FROM vector_changes WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?",
      ).all(afterSeq, toSeq, limit) as Array<{ seq: number; kind: string; id: number }>;
      // The log is shared by both kinds: `last` moves over the other kind's entries too.
      const last = rows.length < limit ? toSeq : rows[rows.length - 1]!.seq;
      return { ids: rows.filter((r) => r.kind === kind).map((r) => r.id), last };
    },
    rowids(after, upTo, limit) {
      return stmt(db, `SELECT rowid FROM ${rowids} WHERE rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?`)
        .pluck()
        .all(after, upTo, limit) as number[];
    },
    rowCount() {
      return stmt(db, `SELECT count(*) FROM ${rowids}`).pluck().get() as number;
    },
    row(id) {
      const blob = stmt(db, `SELECT embedding FROM ${table} WHERE rowid = ?`).pluck().get(BigInt(id)) as
        | Buffer
        | undefined;
      if (!blob) return null;
      const time = stmt(db, timeSql).pluck().get(id) as number | undefined;
      if (time === undefined) return null;
      // A copy: the blob's memory belongs to SQLite's row buffer only until the next step.
      const vector = new Float32Array(blob.byteLength / 4);
      new Uint8Array(vector.buffer).set(blob);
      return { vector, time };
    },
    pruneLog(seq) {
      stmt(
        db,
        "DELETE FROM vector_changes WHERE seq IN (SELECT seq FROM vector_changes WHERE seq <= ? ORDER BY seq LIMIT 20000)",
      ).run(seq);
    },
  };
}
