import { z } from "zod";

import type { StoredEvent } from "../db/types";
import { clampSimilarity } from "../embeddings/embedder";

export const EMBEDDING_DIMENSIONS = 1536;

/** One embedding filter as clients send it; the threshold range differs between the live feed and backtest. */
export const embeddingFilterSchema = (minThreshold: number) =>
  z.object({
    embedding: z
      .array(z.number().finite())
      .length(EMBEDDING_DIMENSIONS, `embedding must have ${EMBEDDING_DIMENSIONS} numbers`),
    threshold: z.number().min(minThreshold).max(1).default(0.75),
    label: z.string().max(100).optional(),
  });
export type EmbeddingFilterInput = z.output<ReturnType<typeof embeddingFilterSchema>>;

/** A filter ready for matching: the query vector scaled to unit length once. */
export interface CompiledEmbeddingFilter {
  unit: Float64Array;
  threshold: number;
  label: string | null;
}

export interface EmbeddingMatch {
  similarity: number;
  /** The label of the best-matching filter (contract §9.1 `matched_filter`). */
  label: string | null;
}

export function compileEmbeddingFilter(f: EmbeddingFilterInput): CompiledEmbeddingFilter {
  let norm = 0;
  for (const x of f.embedding) norm += x * x;
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return {
    unit: Float64Array.from(f.embedding, (x) => x * inv),
    threshold: f.threshold,
    label: f.label ?? null,
  };
}

/** Cosine similarity of a unit query vector and a stored vector, within [-1, 1]; 0 for a zero vector. */
export function cosineToUnit(unit: Float64Array, v: Float32Array): number {
  if (v.length !== unit.length) return 0;
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i] as number;
    dot += (unit[i] as number) * x;
    norm += x * x;
  }
  return norm > 0 ? clampSimilarity(dot / Math.sqrt(norm)) : 0;
}

export const isArticleEvent = (type: string) => type === "item.new" || type === "item.enriched";

/**
 * Whether an event of this type carries the article's embedding: both article events do (contract §6.12, §8.4).
 * The pipeline computes the vector before storing the article and stores it in the transaction that appends
 * `item.new`, so the vector exists whenever either event is read, live or in backtest. An article whose
 * embedding could not be computed has none: embedding filters drop its events, and `include_embeddings` gives
 * `null` (live) or `[]` (backtest).
 */
export const carriesEmbedding = (type: string) => isArticleEvent(type);

/**
 * Embedding filtering of one event (contract §8.4, §7.7): `undefined` when it does not apply (no filters, or not an
 * article event), `null` when the event is filtered out (no filter reaches its threshold, or the article has no
 * vector), otherwise the best similarity among the filters it passes.
 */
export function embeddingMatch(
  filters: CompiledEmbeddingFilter[] | undefined,
  e: Pick<StoredEvent, "type">,
  vector: Float32Array | null | undefined,
): EmbeddingMatch | null | undefined {
  if (!filters?.length || !isArticleEvent(e.type)) return undefined;
  if (!vector) return null;
  let best: EmbeddingMatch | null = null;
  for (const f of filters) {
    const similarity = cosineToUnit(f.unit, vector);
    if (similarity >= f.threshold && (!best || similarity > best.similarity))
      best = { similarity, label: f.label };
  }
  return best;
}

/** The JSON value of a stored vector (float32 values as numbers), shared by the live feed and backtest. */
export function embeddingJson(v: Float32Array): number[] {
  return Array.from(v);
}
