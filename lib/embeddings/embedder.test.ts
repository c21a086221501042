import { describe, expect, it } from "vitest";

import { cosineSimilarity, meanEmbedding, normalizeInPlace } from "./embedder";

describe("vector helpers", () => {
  it("normalises to unit length and leaves a zero vector alone", () => {
    expect(Array.from(normalizeInPlace(Float32Array.from([3, 4])))).toEqual([
      0.6000000238418579, 0.800000011920929,
    ]);
    expect(Array.from(normalizeInPlace(new Float32Array(3)))).toEqual([0, 0, 0]);
  });

  it("computes cosine similarity and refuses vectors of different lengths", () => {
    expect(cosineSimilarity(Float32Array.from([1, 0]), Float32Array.from([1, 1]))).toBeCloseTo(
      Math.SQRT1_2,
      6,
    );
    expect(cosineSimilarity(Float32Array.from([1, 0]), Float32Array.from([0, 0]))).toBe(0);
    expect(() => cosineSimilarity(new Float32Array(2), new Float32Array(3))).toThrow(/lengths differ/);
  });

  it("gives a story centroid as the unit mean of its members, none for no members or a zero mean", () => {
    const c = meanEmbedding([Float32Array.from([1, 0]), Float32Array.from([0, 1])]);
    expect(c?.[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(c?.[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(meanEmbedding([])).toBeUndefined();
    expect(meanEmbedding([Float32Array.from([1, 0]), Float32Array.from([-1, 0])])).toBeUndefined();
  });
});
