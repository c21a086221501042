import { describe, expect, it } from "vitest";

import type { WordVectors } from "../nlp/word-vectors";
import { EXCERPT_CHARS, excerptTerms, FeatureExtractor } from "./features";
import { TermStats } from "./term-stats";

const table = new Map([
  ["volcano", Float32Array.from([1, 0])],
  ["erupts", Float32Array.from([0, 1])],
]);
const vectors: WordVectors = {
  dimensions: 2,
  size: table.size,
  words: [...table.keys()],
  get: (w) => table.get(w),
  rank: (w) => [...table.keys()].indexOf(w),
};

describe("FeatureExtractor", () => {
  it("gives headline and slug terms, excerpt terms apart, and the headline's vector", () => {
    const f = new FeatureExtractor(vectors, new TermStats());
    const a = f.article({
      id: 7,
      title: "Volcano erupts near Reykjavik",
      url: "https://news.test/2025/03/03/volcano-erupts-flights-grounded",
      excerpt: "Flights were grounded across Iceland.",
      category: "world",
      time: 1,
    });
    expect(a).toMatchObject({ id: 7, category: "world", time: 1, title: "Volcano erupts near Reykjavik" });
    expect(a.terms).toEqual(["volcano", "erupt", "near", "reykjavik", "flight", "ground"]);
    expect(a.excerptTerms).toEqual(["flight", "ground", "across", "iceland"]);
    expect(a.vector).toBeDefined();
    expect(
      f.article({ id: 8, title: "Storm", url: null, category: null, time: 1 }).excerptTerms,
    ).toBeUndefined();
  });

  it("reads only the start of an excerpt, cut at a word boundary", () => {
    const long = `${"harbour ".repeat(EXCERPT_CHARS / 8)}lighthouse`;
    const terms = excerptTerms(long);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((t) => t === "harbour")).toBe(true);
    expect(excerptTerms(null)).toEqual([]);
  });
});
