// Rows and an exact oracle for the vector index tests: articles and stories written straight into SQLite, their
// vectors through the logged writer, as the enrichment stage writes them.
import { embeddingToBlob } from "../../../embeddings/encode";
import type { Db } from "../../open-db";
import { VECTOR_TABLE, vectorsCommitted, vectorWrites, type VectorKind } from "../vector-writes";

export const HOUR = 3_600_000;
let serial = 0;

export function addSource(db: Db): number {
  return Number(
    db.prepare("INSERT INTO sources (slug, name, created_at) VALUES ('wire', 'Wire', 0)").run()
      .lastInsertRowid,
  );
}

/** Inserts articles (ids in order) with their vectors; returns the ids. */
export function addArticles(
  db: Db,
  sourceId: number,
  rows: Array<{ discoveredAt: number; vector: Float32Array | null }>,
): number[] {
  const insert = db.prepare(
    `INSERT INTO articles (url_hash, url, canonical_url, title, slug, source_id, category, discovered_at)
     VALUES (@hash, @url, @url, @title, @title, @source, 'world', @at)`,
  );
  const writes = vectorWrites(db);
  const ids = db.transaction(() =>
    rows.map((r) => {
      const hash = (++serial).toString(16).padStart(16, "0");
      const id = Number(
        insert.run({
          hash,
          url: `https://wire.test/${hash}`,
          title: `a-${hash}`,
          source: sourceId,
          at: r.discoveredAt,
        }).lastInsertRowid,
      );
      if (r.vector) writes.put("article", id, r.vector);
      return id;
    }),
  )();
  vectorsCommitted(db);
  return ids;
}

export function addStories(
  db: Db,
  rows: Array<{ lastUpdated: number; vector: Float32Array; mergedInto?: number }>,
): number[] {
  const insert = db.prepare(
    `INSERT INTO stories (slug, headline, category, first_seen, last_updated, merged_into)
     VALUES ('s', 'Story', 'world', @at, @at, @merged)`,
  );
  const writes = vectorWrites(db);
  const ids = db.transaction(() =>
    rows.map((r) => {
      const id = Number(insert.run({ at: r.lastUpdated, merged: r.mergedInto ?? null }).lastInsertRowid);
      writes.put("story", id, r.vector);
      return id;
    }),
  )();
  vectorsCommitted(db);
  return ids;
}

/** Replaces (or with null removes) one vector the way the enrichment stage does, then tells the indexes. */
export function setVector(db: Db, kind: VectorKind, id: number, vector: Float32Array | null): void {
  const writes = vectorWrites(db);
  db.transaction(() => (vector ? writes.put(kind, id, vector) : writes.drop(kind, id)))();
  vectorsCommitted(db);
}

/** The exact answer: sqlite-vec's KNN over the window, as the store answered before the index existed. */
export function exactNearest(
  db: Db,
  kind: VectorKind,
  vector: Float32Array,
  since: number,
  limit: number,
): Array<{ id: number; distance: number }> {
  const window =
    kind === "article"
      ? "SELECT id FROM articles WHERE discovered_at >= @since"
      : "SELECT id FROM stories WHERE last_updated >= @since AND merged_into IS NULL";
  const rows = db
    .prepare(
      `SELECT rowid AS id, distance FROM ${VECTOR_TABLE[kind]}
       WHERE embedding MATCH @vector AND k = @limit AND rowid IN (${window})`,
    )
    .all({ vector: embeddingToBlob(vector), since, limit }) as Array<{ id: number; distance: number }>;
  // Ties by id descending, as the store orders them (vec0 takes no second ORDER BY term).
  return rows.sort((a, b) => a.distance - b.distance || b.id - a.id);
}

/** Share of the exact top `limit` ids found in `got`. */
export function recall(exact: Array<{ id: number }>, got: number[]): number {
  const found = new Set(got);
  return exact.length ? exact.filter((e) => found.has(e.id)).length / exact.length : 1;
}
