import { sql, type Kysely } from "kysely";

import type { Database } from "./schema";

export type VectorKind = "article" | "story";

/** pgvector's text form of a vector: `[x,y,…]`, each float32 written so that it reads back to the same value. */
export const vectorLiteral = (v: Float32Array): string => `[${Array.from(v).join(",")}]`;

/** Reads pgvector's text form back. */
export const parseVector = (text: string): Float32Array =>
  Float32Array.from(text.slice(1, -1).split(","), (x) => Number(x));

const TABLE = {
  article: { table: "article_vectors", id: "article_id" },
  story: { table: "story_vectors", id: "story_id" },
} as const;

/**
 * The writes to the vector tables (created by `ensureVectorSchema`), for the enrichment stage's transaction: its
 * article vectors and story centroids. The HNSW index lives in PostgreSQL and follows every committed write, so
 * nothing needs telling after the commit (the SQLite store's `vectorsCommitted`).
 */
export function pgVectorWrites(trx: Kysely<Database>) {
  return {
    async put(kind: VectorKind, id: number, v: Float32Array): Promise<void> {
      const t = TABLE[kind];
      await sql`INSERT INTO ${sql.table(t.table)} (${sql.ref(t.id)}, embedding) VALUES (${id}, ${vectorLiteral(v)}::vector)
        ON CONFLICT (${sql.ref(t.id)}) DO UPDATE SET embedding = excluded.embedding`.execute(trx);
    },
    async drop(kind: VectorKind, id: number): Promise<void> {
      const t = TABLE[kind];
      await sql`DELETE FROM ${sql.table(t.table)} WHERE ${sql.ref(t.id)} = ${id}`.execute(trx);
    },
  };
}
