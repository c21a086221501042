import { describe, expect, it } from "vitest";

import type { Feed } from "../db/types";
import { summarizeHealth } from "./source-health";

const feed = (over: Partial<Feed>): Feed => ({
  id: 1,
  sourceId: 7,
  url: "https://x.test/rss",
  title: null,
  category: null,
  etag: null,
  lastModified: null,
  intervalMs: 900_000,
  nextPollAt: 0,
  lastPolledAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastErrorAt: null,
  consecutiveFailures: 0,
  articlesPerDay: 0,
  ...over,
});

describe("summarizeHealth", () => {
  it("is pending before any poll", () => {
    expect(summarizeHealth(7, [feed({})]).status).toBe("pending");
  });

  it("is degraded while one of several feeds fails, and sums their output", () => {
    const h = summarizeHealth(7, [
      feed({ lastPolledAt: 10, lastSuccessAt: 10, articlesPerDay: 12, nextPollAt: 500 }),
      feed({
        id: 2,
        lastPolledAt: 20,
        lastError: "HTTP 503",
        lastErrorAt: 20,
        consecutiveFailures: 3,
        articlesPerDay: 4,
        nextPollAt: 300,
      }),
    ]);
    expect(h).toMatchObject({
      status: "degraded",
      failingFeeds: 1,
      consecutiveFailures: 0,
      lastSuccessAt: 10,
      lastError: "HTTP 503",
      articlesPerDay: 16,
      nextPollAt: 300,
    });
  });

  it("is failing when every polled feed fails", () => {
    const h = summarizeHealth(7, [
      feed({ lastPolledAt: 5, lastError: "timed out", lastErrorAt: 5, consecutiveFailures: 2 }),
    ]);
    expect(h).toMatchObject({ status: "failing", consecutiveFailures: 2, lastError: "timed out" });
  });
});
