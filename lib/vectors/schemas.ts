import { z } from "zod";

import { EMBEDDING_DIMENSIONS } from "../embeddings/embedder";
import { qEnumDefault } from "../validation/query";

export const VECTOR_TYPES = ["article", "story"] as const;

/** POST /v1/search/vector body (contract §7.3). */
export const VectorSearchBody = z.object({
  // Checked by `parseQueryVector`, so that a missing vector and a malformed one get their own codes; the metadata
  // gives the generated OpenAPI document the real shape.
  embedding: z.unknown().meta({
    type: "array",
    items: { type: "number" },
    minItems: EMBEDDING_DIMENSIONS,
    maxItems: EMBEDDING_DIMENSIONS,
    description: `the query vector: exactly ${EMBEDDING_DIMENSIONS} finite numbers (cosine similarity)`,
  }),
  types: z
    .array(z.enum(VECTOR_TYPES, { message: "must be article or story" }))
    .min(1, "must not be empty")
    .max(2, "at most 2 entries")
    .default([...VECTOR_TYPES]),
  since_hours: z.number().int().min(1).max(2160).default(72),
  limit: z.number().int().min(1).max(100).default(20),
});
export type VectorSearchBody = z.output<typeof VectorSearchBody>;

/** GET /v1/embeddings query (contract §7.3): note `format`, not `embedding_format`. */
export const EmbeddingQuery = z.object({
  // A string first, so that a missing `type` is reported as missing rather than as a bad value.
  type: z.string().pipe(z.enum(VECTOR_TYPES, { message: "must be article or story" })),
  id: z.string().trim().min(1, "must not be empty"),
  format: qEnumDefault(["json", "base64"], "json"),
});
export type EmbeddingQuery = z.output<typeof EmbeddingQuery>;
