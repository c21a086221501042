import { describe, expect, it } from "vitest";

import { InStep } from "./in-step";
import type { ClusterableArticle } from "./story-clustering";

const H = 3_600_000;
const DAY = 24 * H;
const at = (id: number, hours: number): ClusterableArticle => ({
  id,
  title: `Report ${id}`,
  url: null,
  category: "world",
  time: hours * H,
});
const ids = (list: ClusterableArticle[]) => list.map((a) => a.id);

describe("InStep", () => {
  it("returns the holder's own articles as they are when nothing else is pending", () => {
    const step = new InStep(14 * DAY);
    expect(ids(step.take([at(2, 5), at(1, 3)], []))).toEqual([2, 1]);
  });

  it("places only what both streams have reached, in article-time order, and the rest later", () => {
    const step = new InStep(14 * DAY);
    const now = 1_000;
    expect(ids(step.take([at(1, 1), at(3, 3), at(5, 5)], [at(2, 2), at(4, 4)], now))).toEqual([1, 2, 3, 4]);
    // The other stream moves on: the own article that waited goes in before the other's later ones.
    expect(ids(step.take([at(5, 5)], [at(6, 6)], now + 1))).toEqual([5]);
    expect(ids(step.take([at(7, 7)], [at(6, 6)], now + 2))).toEqual([6]);
  });

  it("places an article anyway once it has waited the longest allowed", () => {
    const step = new InStep(14 * DAY, 10_000);
    expect(ids(step.take([at(1, 1), at(9, 9)], [at(2, 2)], 0))).toEqual([1, 2]);
    expect(ids(step.take([at(9, 9)], [at(3, 3)], 9_999))).toEqual([3]);
    expect(ids(step.take([at(9, 9)], [at(4, 4)], 10_000))).toEqual([4, 9]);
  });

  it("holds own articles while another process is storing but has nothing pending yet", () => {
    const step = new InStep(14 * DAY, 10_000);
    expect(ids(step.take([at(1, 1), at(2, 2)], [], 0, true))).toEqual([]);
    // The other stream shows up: both go in as far as both have come.
    expect(ids(step.take([at(1, 1), at(2, 2)], [at(3, 1.5)], 100, true))).toEqual([1, 3]);
    // Nobody else is storing: own articles go in at once.
    expect(ids(step.take([at(2, 2)], [], 200, false))).toEqual([2]);
    // A stream that never shows up holds nothing past the longest wait.
    expect(ids(step.take([at(5, 5)], [], 1_000, true))).toEqual([]);
    expect(ids(step.take([at(5, 5)], [], 11_000, true))).toEqual([5]);
  });

  it("never holds back streams further apart than a backfill's distance", () => {
    const step = new InStep(14 * DAY);
    const live = 400 * 24;
    expect(ids(step.take([at(1, live), at(2, live + 1)], [at(3, 5), at(4, 6)]))).toEqual([3, 4, 1, 2]);
  });
});
