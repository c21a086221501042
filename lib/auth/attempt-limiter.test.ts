import { describe, expect, it } from "vitest";

import { AttemptLimiter } from "./attempt-limiter";

describe("AttemptLimiter", () => {
  it("blocks a key after `limit` failures within the window, until the oldest leaves it", () => {
    const l = new AttemptLimiter(3, 60_000);
    l.fail("a", 0);
    l.fail("a", 10_000);
    expect(l.blockedFor("a", 10_000)).toBe(0);
    l.fail("a", 20_000);
    expect(l.blockedFor("a", 20_000)).toBe(40);
    expect(l.blockedFor("b", 20_000)).toBe(0);
    expect(l.blockedFor("a", 59_999)).toBe(1);
    expect(l.blockedFor("a", 60_000)).toBe(0);
  });

  it("forgets a key's failures once cleared", () => {
    const l = new AttemptLimiter(2, 60_000);
    l.fail("a", 0);
    l.fail("a", 1);
    expect(l.blockedFor("a", 2)).toBeGreaterThan(0);
    l.clear("a");
    expect(l.blockedFor("a", 2)).toBe(0);
  });

  it("keeps at most `limit` timestamps per key however many failures arrive", () => {
    const l = new AttemptLimiter(2, 60_000);
    for (let i = 0; i < 100; i++) l.fail("a", i);
    expect(l.blockedFor("a", 100)).toBe(60);
    expect(l.blockedFor("a", 60_097)).toBe(1);
    expect(l.blockedFor("a", 60_098)).toBe(0);
  });
});
