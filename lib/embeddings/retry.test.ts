import { describe, expect, it } from "vitest";

import { backoffMs, parseRetryAfter, RequestPacer } from "./retry";

describe("retry helpers", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("-1", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });

  it("backs off exponentially up to a cap, with jitter in the upper half", () => {
    expect(backoffMs(1, 500, 30_000, () => 0)).toBe(250);
    expect(backoffMs(1, 500, 30_000, () => 1)).toBe(500);
    expect(backoffMs(3, 500, 30_000, () => 1)).toBe(2000);
    expect(backoffMs(20, 500, 30_000, () => 0.5)).toBe(22_500);
  });

  it("spaces request starts to the per-minute limit, and not at all with no limit", async () => {
    let now = 0;
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      now += ms;
    };
    const pacer = new RequestPacer(120, () => now, sleep);
    for (let i = 0; i < 4; i++) await pacer.wait();
    expect(waits).toEqual([500, 500, 500]);
    now += 5000;
    await pacer.wait();
    expect(waits).toHaveLength(3);
    const free = new RequestPacer(0, () => now, sleep);
    for (let i = 0; i < 10; i++) await free.wait();
    expect(waits).toHaveLength(3);
  });
});
