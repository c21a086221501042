import { describe, expect, it } from "vitest";

import { toChartDays } from "./chart-data";

describe("toChartDays", () => {
  it("labels UTC days, splits ok from errors and leaves latency empty on days without traffic", () => {
    const d = Date.UTC(2025, 5, 9);
    expect(
      toChartDays([
        { dayMs: d, requests: 10, errors: 3, bytes: 2048, avgLatencyMs: 12.345 },
        { dayMs: d + 86_400_000, requests: 0, errors: 0, bytes: 0, avgLatencyMs: 0 },
      ]),
    ).toEqual([
      { dayMs: d, label: "Jun 9", requests: 10, errors: 3, ok: 7, bytes: 2048, latencyMs: 12.3 },
      { dayMs: d + 86_400_000, label: "Jun 10", requests: 0, errors: 0, ok: 0, bytes: 0, latencyMs: null },
    ]);
  });
});
