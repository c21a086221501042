import { describe, expect, it } from "vitest";

import { addHashedFeature, hashString } from "./feature-hash";

describe("feature hashing", () => {
  it("is FNV-1a with a final avalanche, fixed forever (stored local vectors depend on it)", () => {
    // Values checked against an independent implementation of the same function.
    expect(["senate", "budget bill", ""].map(hashString)).toEqual([307835071, 1967180199, 2872998923]);
    expect(hashString("senate")).not.toBe(hashString("senatf"));
  });

  it("spreads features over the block with both signs, inside the offset", () => {
    const out = new Float32Array(110);
    for (let i = 0; i < 2000; i++) addHashedFeature(out, 10, 100, `term${i}`, 1);
    expect(out.slice(0, 10).every((x) => x === 0)).toBe(true);
    const used = out.slice(10).filter((x) => x !== 0).length;
    expect(used).toBeGreaterThan(80);
    let positive = 0;
    let negative = 0;
    const single = new Float32Array(100);
    for (let i = 0; i < 400; i++) {
      single.fill(0);
      addHashedFeature(single, 0, 100, `w${i}`, 1);
      if (single.some((x) => x > 0)) positive++;
      else negative++;
    }
    expect(positive).toBeGreaterThan(150);
    expect(negative).toBeGreaterThan(150);
  });
});
