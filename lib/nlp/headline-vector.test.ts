import { describe, expect, it } from "vitest";

import { headlineVector } from "./headline-vector";
import type { WordVectors } from "./word-vectors";

const table = new Map([
  ["storms", Float32Array.from([1, 0])],
  ["budget", Float32Array.from([0, 1])],
]);
const vectors: WordVectors = {
  dimensions: 2,
  size: table.size,
  words: [...table.keys()],
  get: (w) => table.get(w),
  rank: (w) => [...table.keys()].indexOf(w),
};

describe("headline vector", () => {
  it("weighs each known word by the weight function of its term and word, and is unit length", () => {
    const words = [
      { word: "storms", term: "storm" },
      { word: "budget", term: "budget" },
      { word: "zzz", term: "zzz" },
    ];
    const seen: string[] = [];
    const v = headlineVector(words, vectors, (term, word) => {
      seen.push(`${term}/${word}`);
      return term === "storm" ? 3 : 4;
    });
    expect(seen).toEqual(["storm/storms", "budget/budget"]);
    expect(v?.[0]).toBeCloseTo(0.6, 6);
    expect(v?.[1]).toBeCloseTo(0.8, 6);
    expect(headlineVector([{ word: "zzz", term: "zzz" }], vectors, () => 1)).toBeUndefined();
  });
});
