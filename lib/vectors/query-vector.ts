import { EMBEDDING_DIMENSIONS } from "../embeddings/embedder";
import { ValidationError } from "../errors";

/**
 * The query vector of a vector search: exactly 1536 finite numbers, not all zero (a zero vector has no direction,
 * so no cosine similarity). Missing → 400 `missing_parameter`; anything else wrong → 400 `invalid_embedding`.
 */
export function parseQueryVector(value: unknown, param = "embedding"): Float32Array {
  if (value === undefined) throw new ValidationError("missing_parameter", `${param}: is required`, { param });
  const invalid = (why: string) =>
    new ValidationError("invalid_embedding", `${param}: ${why}`, { param, dimensions: EMBEDDING_DIMENSIONS });
  if (!Array.isArray(value)) throw invalid(`must be an array of ${EMBEDDING_DIMENSIONS} numbers`);
  if (value.length !== EMBEDDING_DIMENSIONS)
    throw invalid(`must have exactly ${EMBEDDING_DIMENSIONS} numbers, got ${value.length}`);
  const out = new Float32Array(EMBEDDING_DIMENSIONS);
  let nonZero = false;
  for (let i = 0; i < value.length; i++) {
    const x: unknown = value[i];
    if (typeof x !== "number" || !Number.isFinite(x)) throw invalid(`entry ${i} is not a finite number`);
    out[i] = x;
    // A value past float32's range would turn into ±Infinity once stored as float32.
    if (!Number.isFinite(out[i]!)) throw invalid(`entry ${i} is outside the float32 range`);
    if (x !== 0) nonZero = true;
  }
  if (!nonZero) throw invalid("must not be the zero vector");
  return out;
}
