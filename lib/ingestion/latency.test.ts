import { describe, expect, it } from "vitest";

import { LatencyRecorder } from "./latency";

describe("LatencyRecorder", () => {
  it("reports nearest-rank percentiles of the samples", () => {
    const r = new LatencyRecorder();
    expect(r.snapshot()).toBeNull();
    for (let i = 1; i <= 100; i++) r.record(i);
    expect(r.snapshot()).toEqual({ count: 100, p50: 50, p95: 95, max: 100 });
  });

  it("keeps only the most recent samples once full", () => {
    const r = new LatencyRecorder(10);
    for (let i = 0; i < 10; i++) r.record(1000);
    for (let i = 0; i < 10; i++) r.record(5);
    expect(r.snapshot()).toEqual({ count: 20, p50: 5, p95: 5, max: 5 });
  });
});
