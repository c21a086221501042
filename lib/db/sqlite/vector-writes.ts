import type { Db } from "../open-db";
import { stmt } from "./stmt-cache";

export type VectorKind = "article" | "story";

export const VECTOR_TABLE: Record<VectorKind, "article_vectors" | "story_vectors"> = {
  article: "article_vectors",
  story: "story_vectors",
};

/**
 * The only writes to the vec0 tables. Each one logs the id in `vector_changes` (migration 010) so that every
 * process's approximate index replays it; call them inside the writing transaction, and `vectorsCommitted` after it.
 */
export function vectorWrites(db: Db) {
  const log = (kind: VectorKind, id: number) =>
    stmt(db, "INSERT INTO vector_changes (kind, item_id) VALUES (?, ?)").run(kind, id);
  const drop = (kind: VectorKind, id: number) =>
    stmt(db, `DELETE FROM ${VECTOR_TABLE[kind]} WHERE rowid = ?`).run(BigInt(id));
  // vec0 has no upsert: a replaced vector is a delete and an insert.
  const put = (kind: VectorKind, id: number, v: Float32Array) => {
    drop(kind, id);
    stmt(db, `INSERT INTO ${VECTOR_TABLE[kind]} (rowid, embedding) VALUES (?, ?)`).run(
      BigInt(id),
      Buffer.from(v.buffer, v.byteOffset, v.byteLength),
    );
    log(kind, id);
  };
  return {
    put,
    drop(kind: VectorKind, id: number) {
      if (drop(kind, id).changes > 0) log(kind, id);
    },
  };
}

type CommitListener = () => void;
const listeners = new WeakMap<Db, Set<CommitListener>>();

/** Registers a callback run after a transaction on `db` wrote vectors; returns its removal. */
export function onVectorsCommitted(db: Db, listener: CommitListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells this connection's indexes that a committed transaction wrote vectors, so they catch up now. */
export function vectorsCommitted(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}
