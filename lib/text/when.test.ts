import { describe, expect, it } from "vitest";

import { dateWhen, exactWhen, RECENT_MS, relativeWhen, when } from "./when";

const NOW = Date.UTC(2026, 4, 20, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("when", () => {
  it("is relative to now for recent times, both ways", () => {
    expect(when(NOW - 10_000, NOW)).toBe("just now");
    expect(when(NOW - 3 * MIN, NOW)).toBe("3 minutes ago");
    expect(when(NOW - 5 * HOUR, NOW)).toBe("5 hours ago");
    expect(when(NOW - DAY, NOW)).toBe("yesterday");
    expect(when(NOW - 6 * DAY, NOW)).toBe("6 days ago");
    expect(when(NOW + 2 * HOUR, NOW)).toBe("in 2 hours");
  });

  it("rounds up to the next unit instead of saying 60 minutes", () => {
    expect(when(NOW - (59 * MIN + 40_000), NOW)).toBe("1 hour ago");
  });

  it("shows a date once a time is a week or more away", () => {
    expect(when(NOW - RECENT_MS, NOW)).toBe("May 13");
    expect(when(NOW - 9 * DAY, NOW)).toBe("May 11");
    expect(when(NOW + 30 * DAY, NOW)).toBe("Jun 19");
  });

  it("gives the year of a date in another year: an archive never reads as this year's news", () => {
    const archived = Date.UTC(2014, 2, 12, 8, 15);
    expect(when(archived, NOW)).toBe("Mar 12, 2014");
    expect(when(Date.UTC(2025, 11, 31, 23, 0), NOW)).toBe("Dec 31, 2025");
  });

  it("writes dates in UTC, whatever the machine's time zone", () => {
    // 23:30 UTC on 31 Dec 2025 is already 2026 east of Greenwich; the date stays the UTC one.
    expect(dateWhen(Date.UTC(2025, 11, 31, 23, 30), NOW)).toBe("Dec 31, 2025");
    expect(dateWhen(Date.UTC(2026, 0, 1, 0, 30), NOW)).toBe("Jan 1");
  });

  it("defaults to the current time", () => {
    expect(when(Date.now() - 2 * HOUR)).toBe("2 hours ago");
    expect(when(Date.UTC(2014, 2, 12))).toBe("Mar 12, 2014");
  });
});

describe("relativeWhen and exactWhen", () => {
  it("says a moment ahead and behind apart", () => {
    expect(relativeWhen(NOW + 5_000, NOW)).toBe("in a moment");
    expect(relativeWhen(NOW - 5_000, NOW)).toBe("just now");
  });

  it("gives the exact UTC minute for a tooltip", () => {
    expect(exactWhen(Date.UTC(2014, 2, 12, 8, 15, 42))).toBe("2014-03-12 08:15 UTC");
  });
});
