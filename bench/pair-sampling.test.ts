import { describe, expect, it } from "vitest";

import { rocAuc, samplePairs } from "./pair-sampling";

describe("pair sampling for the separation bench", () => {
  it("computes ROC AUC with ties counted half", () => {
    expect(rocAuc([0.9, 0.8], [0.1, 0.2])).toBe(1);
    expect(rocAuc([0.1, 0.2], [0.9, 0.8])).toBe(0);
    expect(rocAuc([0.5, 0.5], [0.5, 0.5])).toBe(0.5);
    expect(rocAuc([0.9, 0.3], [0.5, 0.1])).toBe(0.75);
  });

  it("samples same-story, random and hard (same category, within 2 days) pairs, the same way for a seed", () => {
    const day = 86_400_000;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      cluster: `s${i % 6}`,
      category: i % 2 ? "b" : "e",
      published_at: (i % 10) * day,
    }));
    const sets = samplePairs(rows, 200, 7);
    for (const p of sets.positive) expect(rows[p.a]!.cluster).toBe(rows[p.b]!.cluster);
    for (const p of [...sets.random, ...sets.hard]) expect(rows[p.a]!.cluster).not.toBe(rows[p.b]!.cluster);
    for (const p of sets.hard) {
      expect(rows[p.a]!.category).toBe(rows[p.b]!.category);
      expect(Math.abs(rows[p.a]!.published_at - rows[p.b]!.published_at)).toBeLessThanOrEqual(2 * day);
    }
    expect(samplePairs(rows, 200, 7)).toEqual(sets);
  });
});
