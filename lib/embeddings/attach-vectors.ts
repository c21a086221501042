import type { Store } from "../db/store";
import { encodeEmbedding, type EmbeddingFormat } from "./encode";

export interface WithEmbedding {
  embedding: number[] | string | null;
  embedding_model: string | null;
}

/**
 * Adds `embedding` and `embedding_model` (contract §6.15) to API objects: the stored vector in the requested
 * format, or null while the enrichment stage has not computed it.
 */
export async function withVectors<T extends object>(
  store: Store,
  kind: "article" | "story",
  items: Array<{ id: number; value: T }>,
  format: EmbeddingFormat,
): Promise<Array<T & WithEmbedding>> {
  return Promise.all(
    items.map(async ({ id, value }) => {
      const v =
        kind === "article" ? await store.vectors.articleVector(id) : await store.vectors.storyVector(id);
      return {
        ...value,
        embedding: v ? encodeEmbedding(v.vector, format) : null,
        embedding_model: v ? v.model : null,
      };
    }),
  );
}
