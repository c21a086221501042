import { describe, expect, it } from "vitest";

import { parsePublished } from "./parse-date";

const at = Date.UTC(2025, 5, 10, 10);

describe("parsePublished", () => {
  it("reads zone-less ISO dates as UTC, whatever the server's zone", () => {
    expect(parsePublished("2025-06-10 10:00:00")).toBe(at);
    expect(parsePublished("2025-06-10T10:00:00")).toBe(at);
  });

  it("reads non-English day and month names and zone abbreviations Date.parse lacks", () => {
    expect(parsePublished("mar., 10 juin 2025 12:00:00 CEST")).toBe(at);
    expect(parsePublished("Di, 10 Juni 2025 12:00:00 +0200")).toBe(at);
    expect(parsePublished("Tue, 10 Jun 2025 15:30:00 IST")).toBe(at);
    expect(parsePublished("Tue, 10 Jun 2025 19:00:00 JST")).toBe(at);
  });

  it("gives 0 for impossible times and placeholder dates", () => {
    expect(parsePublished("Tue, 10 Jun 2025 25:61:00 GMT")).toBe(0);
    expect(parsePublished("Thu, 01 Jan 1970 00:00:00 GMT")).toBe(0);
    expect(parsePublished("0001-01-01T00:00:00Z")).toBe(0);
    expect(parsePublished("soon")).toBe(0);
  });
});
