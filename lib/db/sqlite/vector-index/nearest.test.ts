import { describe, expect, it } from "vitest";

import { HnswSet } from "./hnsw-set";
import { withinDistance } from "./nearest";

const DIMS = 16;

/** A seeded generator of numbers in [0, 1). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `n` random unit vectors (ids 1..n) in a graph, and the vectors themselves. */
function graph(n: number, seed: number) {
  const rand = random(seed);
  const vectors = Array.from({ length: n }, () => {
    const v = Float32Array.from({ length: DIMS }, () => rand() - 0.5);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
  const set = new HnswSet({
    dimensions: DIMS,
    quantization: "f32",
    connectivity: 16,
    expansionAdd: 128,
    expansionSearch: 64,
  });
  const flat = new Float32Array(n * DIMS);
  vectors.forEach((v, i) => flat.set(v, i * DIMS));
  set.upsert(
    vectors.map((_, i) => i + 1),
    flat,
  );
  return { set, vectors };
}

/** The ids within `radius` (cosine distance) of `q`, by brute force. */
function exactWithin(vectors: Float32Array[], q: Float32Array, radius: number): number[] {
  const out: number[] = [];
  vectors.forEach((v, i) => {
    let dot = 0;
    for (let d = 0; d < DIMS; d++) dot += v[d]! * q[d]!;
    if (1 - dot <= radius) out.push(i + 1);
  });
  return out;
}

const sorted = (s: Set<number> | null) => [...(s ?? [])].sort((a, b) => a - b);

describe("withinDistance", () => {
  it("finds the ids within the radius, widening past the first candidate list of 256", () => {
    const { set, vectors } = graph(2_000, 7);
    for (const [i, radius] of [
      [0, 0.3],
      [1, 0.6],
      [2, 0.8],
    ] as const) {
      const q = vectors[i]!;
      const exact = exactWithin(vectors, q, radius);
      const got = sorted(withinDistance({ set, vector: q, maxDistance: radius, cap: 2_000 }));
      // Approximate: nothing outside the radius, and (nearly) everything inside it.
      expect(got.every((id) => exact.includes(id))).toBe(true);
      expect(got.length / exact.length).toBeGreaterThanOrEqual(0.95);
      if (radius === 0.8)
        expect(exact.length, "this radius holds more than the first list").toBeGreaterThan(256);
    }
  });

  it("gives up (null) when more candidates than the cap lie within the radius", () => {
    const { set, vectors } = graph(2_000, 8);
    const q = vectors[0]!;
    expect(exactWithin(vectors, q, 0.9).length).toBeGreaterThan(400);
    expect(withinDistance({ set, vector: q, maxDistance: 0.9, cap: 400 })).toBeNull();
    // A radius holding the whole graph, within the cap: (nearly) every id, not null.
    expect(withinDistance({ set, vector: q, maxDistance: 2, cap: 2_000 })?.size).toBeGreaterThanOrEqual(
      1_980,
    );
  });
});
