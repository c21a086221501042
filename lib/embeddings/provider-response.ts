import { z } from "zod";

import { normalizeInPlace } from "./embedder";

/** The provider answered, but not with what was asked, or kept failing. */
export class EmbeddingProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EmbeddingProviderError";
  }
}

const EmbeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

/**
 * The unit vectors of an OpenAI-style `/embeddings` answer, in input order (by each item's `index`). Throws an
 * EmbeddingProviderError naming the first problem: not JSON, wrong shape, wrong count, a missing or repeated index,
 * a wrong dimension, a non-finite value or a zero vector.
 */
export function parseEmbeddingsResponse(
  body: string,
  expected: number,
  dimensions: number,
  model: string,
): Float32Array[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new EmbeddingProviderError(`embeddings response is not JSON: ${excerpt(body)}`);
  }
  const parsed = EmbeddingsResponse.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.join(".") || "(root)";
    throw new EmbeddingProviderError(`embeddings response is malformed at ${at}: ${issue?.message}`);
  }
  const { data } = parsed.data;
  if (data.length !== expected) {
    throw new EmbeddingProviderError(
      `embeddings response holds ${data.length} vectors for ${expected} inputs`,
    );
  }
  const out: Array<Float32Array | undefined> = new Array(expected);
  for (const item of data) {
    if (item.index >= expected || out[item.index]) {
      throw new EmbeddingProviderError(
        `embeddings response has an unexpected or repeated index ${item.index}`,
      );
    }
    if (item.embedding.length !== dimensions) {
      throw new EmbeddingProviderError(
        `model ${model} returned ${item.embedding.length} dimensions, expected ${dimensions}; use a model that supports ${dimensions}`,
      );
    }
    const v = Float32Array.from(item.embedding);
    if (v.some((x) => !Number.isFinite(x))) {
      throw new EmbeddingProviderError(`embeddings response holds a non-finite value at index ${item.index}`);
    }
    if (v.every((x) => x === 0)) {
      throw new EmbeddingProviderError(`embeddings response holds a zero vector at index ${item.index}`);
    }
    out[item.index] = normalizeInPlace(v);
  }
  return out as Float32Array[];
}

/** The start of a response body for an error message, on one line. */
export function excerpt(body: string): string {
  const text = body.replace(/\s+/g, " ").trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
