import { describe, expect, it } from "vitest";

import { MemoryRateLimiter } from "./memory-rate-limiter";

describe("MemoryRateLimiter", () => {
  it("allows `limit` requests per 60 s and then returns a Retry-After", () => {
    const rl = new MemoryRateLimiter();
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) expect(rl.hit("k", 5, t0 + i).allowed).toBe(true);
    const refused = rl.hit("k", 5, t0 + 10_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSec).toBe(50);
    expect(rl.hit("k", 5, t0 + 60_001).allowed).toBe(true);
  });

  it("lets no double burst through at a minute boundary", () => {
    const rl = new MemoryRateLimiter();
    const edge = 60_000 * 100;
    let allowed = 0;
    for (let i = 0; i < 10; i++) if (rl.hit("k", 10, edge - 100).allowed) allowed++;
    for (let i = 0; i < 10; i++) if (rl.hit("k", 10, edge + 100).allowed) allowed++;
    expect(allowed).toBe(10);
  });

  it("counts keys separately", () => {
    const rl = new MemoryRateLimiter();
    expect(rl.hit("a", 1, 0).allowed).toBe(true);
    expect(rl.hit("b", 1, 0).allowed).toBe(true);
    expect(rl.hit("a", 1, 1).allowed).toBe(false);
  });

  it("slides over the window it is given (an hour for sign-ups)", () => {
    const rl = new MemoryRateLimiter(3_600_000);
    for (let i = 0; i < 3; i++) expect(rl.hit("ip", 3, i * 60_000).allowed).toBe(true);
    const refused = rl.hit("ip", 3, 30 * 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSec).toBe(30 * 60);
    expect(rl.hit("ip", 3, 3_599_999).allowed).toBe(false);
    expect(rl.hit("ip", 3, 3_600_000).allowed).toBe(true);
  });
});
