import { describe, expect, it } from "vitest";

import { compileEmbeddingFilter, cosineToUnit, embeddingMatch } from "./embedding-filters";
import { towardAxis0, vec } from "./testing/filter-fixtures";

const filter = (threshold: number, label?: string, axis = 0) =>
  compileEmbeddingFilter({ embedding: Array.from(vec({ [axis]: 3 })), threshold, label });
const item = { type: "item.new" };

describe("embedding filters", () => {
  it("keeps an article at or above the threshold and reports its cosine similarity", () => {
    expect(embeddingMatch([filter(0.8, "x")], item, towardAxis0(0.9, 5))?.similarity).toBeCloseTo(0.9, 6);
    expect(embeddingMatch([filter(0.8)], item, towardAxis0(0.79, 5))).toBeNull();
    // The similarity is independent of the vectors' lengths.
    const long = towardAxis0(0.85, 5).map((x) => x * 4);
    expect(embeddingMatch([filter(0.8)], item, long)?.similarity).toBeCloseTo(0.85, 6);
  });

  it("reports the best filter an article passes", () => {
    const m = embeddingMatch([filter(0.5, "zero"), filter(0.5, "one", 1)], item, vec({ 0: 0.6, 1: 0.8 }));
    expect(m).toEqual({ similarity: expect.closeTo(0.8, 6), label: "one" });
  });

  it("never matches an article without a vector, and leaves non-article events alone", () => {
    expect(embeddingMatch([filter(0.5)], item, null)).toBeNull();
    expect(embeddingMatch([filter(0.5)], { type: "cluster.event" }, null)).toBeUndefined();
    expect(embeddingMatch(undefined, item, null)).toBeUndefined();
  });

  it("reports a similarity of exactly 1, not above, for a vector matched against itself", () => {
    // The float64 dot product of this vector's unit form and itself comes out at 1.0000000000000013 unclamped.
    const wobbly = Float32Array.from({ length: 1536 }, (_, i) => Math.sin(1000 + i * 12.9898) * 0.5);
    const f = compileEmbeddingFilter({ embedding: Array.from(wobbly), threshold: 0.99, label: "self" });
    let dot = 0;
    let norm = 0;
    wobbly.forEach((x, i) => {
      dot += f.unit[i]! * x;
      norm += x * x;
    });
    expect(dot / Math.sqrt(norm)).toBeGreaterThan(1);
    expect(cosineToUnit(f.unit, wobbly)).toBe(1);
    expect(embeddingMatch([f], { type: "item.new" }, wobbly)).toEqual({ similarity: 1, label: "self" });
    const opposite = wobbly.map((x) => -x);
    expect(cosineToUnit(f.unit, opposite)).toBe(-1);
  });
});
