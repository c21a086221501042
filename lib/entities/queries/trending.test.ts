import { describe, expect, it } from "vitest";

import { trendingScore } from "./trending";

describe("trendingScore", () => {
  it("is zero at the usual daily rate and negative below it", () => {
    expect(trendingScore(10, 70)).toBe(0);
    expect(trendingScore(40, 280)).toBe(0);
    expect(trendingScore(2, 70)).toBeLessThan(0);
  });

  it("counts a brand-new entity's articles one for one", () => {
    expect(trendingScore(6, 0)).toBe(6);
    expect(trendingScore(1, 0)).toBe(1);
  });

  it("weighs a rise by the noise expected at that volume", () => {
    // Tripling from 20 a day beats going from nothing to 3, and the same jump counts less on a busier name.
    expect(trendingScore(60, 140)).toBeGreaterThan(trendingScore(3, 0));
    expect(trendingScore(30, 70)).toBeGreaterThan(trendingScore(30, 140));
    expect(trendingScore(20, 28)).toBeCloseTo(16 / Math.sqrt(5), 12);
  });

  it("grows with the recent count at a fixed baseline", () => {
    const scores = [1, 2, 5, 10, 50].map((r) => trendingScore(r, 21));
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  });
});
