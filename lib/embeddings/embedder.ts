/** Every vector Lede stores or serves has this many dimensions (contract §6.15: text-embedding-3-small sized). */
export const EMBEDDING_DIMENSIONS = 1536;

/** Turns texts into unit-length vectors; cosine similarity is then a dot product. */
export interface Embedder {
  /** Recorded next to every vector (`embedding_model`): vectors of different models are not comparable. */
  readonly model: string;
  readonly dimensions: number;
  /** One L2-normalised vector per text, in input order. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** Scales a vector to unit length in place; a zero vector stays zero. Returns the vector. */
export function normalizeInPlace(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  if (s === 0) return v;
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < v.length; i++) v[i]! *= inv;
  return v;
}

/**
 * A cosine similarity as it is reported: computed in floating point, a vector's similarity to itself can come out
 * as 1.0000000000000002, so it is kept within [-1, 1].
 */
export const clampSimilarity = (s: number): number => (s > 1 ? 1 : s < -1 ? -1 : s);

/** A cosine distance (1 − similarity) as it is reported: within [0, 2]. */
export const clampDistance = (d: number): number => (d < 0 ? 0 : d > 2 ? 2 : d);

/** Cosine similarity, within [-1, 1]; 0 when either vector is zero. */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector lengths differ: ${a.length} and ${b.length}`);
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : clampSimilarity(d / Math.sqrt(na * nb));
}

/** The unit-length mean of unit vectors (a story's centroid); undefined for no vectors or a zero mean. */
export function meanEmbedding(vectors: Float32Array[]): Float32Array | undefined {
  const first = vectors[0];
  if (!first) return undefined;
  const out = new Float32Array(first.length);
  for (const v of vectors) {
    if (v.length !== out.length) throw new Error(`vector lengths differ: ${out.length} and ${v.length}`);
    for (let i = 0; i < v.length; i++) out[i]! += v[i]!;
  }
  normalizeInPlace(out);
  return out.some((x) => x !== 0) ? out : undefined;
}
