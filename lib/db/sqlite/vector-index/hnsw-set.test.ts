import { describe, expect, it } from "vitest";

import { HnswSet, searchBreadth } from "./hnsw-set";

describe("searchBreadth", () => {
  it("keeps the configured ef up to 250k vectors, then widens with the square root of the size, capped", () => {
    expect(searchBreadth(1_000, 128)).toBe(128);
    expect(searchBreadth(250_000, 128)).toBe(128);
    expect(searchBreadth(1_000_000, 128)).toBe(256);
    expect(searchBreadth(4_000_000, 128)).toBe(512);
    expect(searchBreadth(100_000_000, 128)).toBe(512);
    expect(searchBreadth(1_000_000, 600)).toBe(600);
  });
});

describe("HnswSet.search", () => {
  it("returns exactly k ids, nearest first, however wide the search", () => {
    const dims = 8;
    const set = new HnswSet({
      dimensions: dims,
      quantization: "f32",
      connectivity: 8,
      expansionAdd: 32,
      expansionSearch: 64,
    });
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    const flat = new Float32Array(ids.length * dims);
    // Vector i points at angle i / 100 in the first plane: its nearest neighbours are its id neighbours.
    ids.forEach((id, i) => {
      flat[i * dims] = Math.cos(id / 100);
      flat[i * dims + 1] = Math.sin(id / 100);
    });
    set.upsert(ids, flat);
    const q = new Float32Array(dims);
    q[0] = Math.cos(50 / 100);
    q[1] = Math.sin(50 / 100);
    const found = set.search(q, 5).map((h) => h.id);
    expect(found).toHaveLength(5);
    expect(found[0]).toBe(50);
    expect([...found].sort((a, b) => a - b)).toEqual([48, 49, 50, 51, 52]);
  });
});
