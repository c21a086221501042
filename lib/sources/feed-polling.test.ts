import { describe, expect, it } from "vitest";

import { feedPolling } from "./feed-polling";

const NOW = Date.UTC(2025, 5, 1, 12);
const MAX = 7_200_000;
const polled = (...at: Array<number | null>) => at.map((lastPolledAt) => ({ lastPolledAt }));

describe("feedPolling", () => {
  it("is off when this process does not poll and no feed was ever polled", () => {
    expect(
      feedPolling({ pollsHere: false, health: polled(null, null), now: NOW, maxIntervalMs: MAX }),
    ).toEqual({
      on: false,
      lastPolledAt: null,
    });
  });

  it("is on in the process that polls, before its first poll", () => {
    expect(feedPolling({ pollsHere: true, health: [], now: NOW, maxIntervalMs: MAX }).on).toBe(true);
  });

  it("is on when another process polled a feed within two of the longest intervals", () => {
    const p = feedPolling({
      pollsHere: false,
      health: polled(NOW - 3 * MAX, NOW - MAX, null),
      now: NOW,
      maxIntervalMs: MAX,
    });
    expect(p).toEqual({ on: true, lastPolledAt: NOW - MAX });
  });

  it("is off once the latest poll is older than that, and says when it was", () => {
    const p = feedPolling({ pollsHere: false, health: polled(NOW - 3 * MAX), now: NOW, maxIntervalMs: MAX });
    expect(p).toEqual({ on: false, lastPolledAt: NOW - 3 * MAX });
  });
});
