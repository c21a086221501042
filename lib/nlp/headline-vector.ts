import type { WordVectors } from "./word-vectors";

/**
 * A headline's unit vector: the average of its words' vectors, each weighted by its term's IDF, so that rare,
 * specific words dominate (the idea of SIF weighting, with weights learnt from the stream). Undefined when no
 * word is known. The weight function also receives the surface word, for weights kept per word rather than per
 * stem (the embedder's SIF weights).
 */
export function headlineVector(
  words: Array<{ word: string; term: string }>,
  vectors: WordVectors,
  idf: (term: string, word: string) => number,
): Float32Array | undefined {
  const out = new Float32Array(vectors.dimensions);
  let any = false;
  for (const { word, term } of words) {
    const v = vectors.get(word);
    if (!v) continue;
    const w = idf(term, word);
    for (let d = 0; d < v.length; d++) out[d]! += w * v[d]!;
    any = true;
  }
  if (!any) return undefined;
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n);
  if (n === 0) return undefined;
  for (let d = 0; d < out.length; d++) out[d]! /= n;
  return out;
}
