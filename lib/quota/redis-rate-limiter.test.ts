import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { startRedis, type TestRedis } from "../events/testing/redis-server";
import { RedisRateLimiter } from "./redis-rate-limiter";

let redis: TestRedis;
let open: RedisRateLimiter[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => redis?.stop());
afterEach(async () => {
  for (const l of open) await l.close();
  open = [];
});

/** A limiter as one server instance holds it; instances given one prefix share their limits. */
async function instance(
  prefix: string,
  url = redis.url,
  onFallback?: (err: unknown) => void,
  windowMs?: number,
): Promise<RedisRateLimiter> {
  const l = new RedisRateLimiter({ url, prefix, onFallback, windowMs });
  open.push(l);
  await l.ready();
  return l;
}

describe("RedisRateLimiter", () => {
  it("holds one limit for a key across instances, with the headers' figures", async () => {
    const a = await instance("test:shared:");
    const b = await instance("test:shared:");
    const t0 = 10_000_000;
    const results = [];
    // Six requests in turn on two servers, limit 5: the sixth is refused wherever it lands.
    for (let i = 0; i < 6; i++) results.push(await (i % 2 ? b : a).hit("key-1", 5, t0 + i * 1_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    // The first request (t0) leaves the window at t0 + 60 s: the refusal says so.
    expect(results[5]).toMatchObject({ resetSec: Math.ceil((t0 + 60_000) / 1000), retryAfterSec: 55 });
    // A peek uses no slot, on either instance.
    expect(await b.peek("key-1", 5, t0 + 6_000)).toMatchObject({ allowed: false, remaining: 0 });
    // Other keys count apart; the window slides.
    expect((await b.hit("key-2", 5, t0 + 6_000)).allowed).toBe(true);
    expect((await a.hit("key-1", 5, t0 + 60_001)).allowed).toBe(true);
  });

  it("lets exactly the limit through a parallel burst split over instances", async () => {
    const all = await Promise.all([1, 2, 3].map(() => instance("test:burst:")));
    const now = 20_000_000;
    const burst = await Promise.all(Array.from({ length: 90 }, (_, i) => all[i % 3]!.hit("burst", 40, now)));
    expect(burst.filter((r) => r.allowed)).toHaveLength(40);
  });

  it("counts in the process while Redis does not answer, and says so once", async () => {
    const told: unknown[] = [];
    // A Redis that was stopped: its port refuses connections.
    const gone = await startRedis();
    await gone.stop();
    const l = await instance("test:gone:", gone.url, (err) => told.push(err));
    const now = 30_000_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await l.hit("k", 3, now + i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(told).toHaveLength(1);
    expect(told[0]).toBeInstanceOf(Error);
  });

  it("holds a longer window across instances (sign-ups: 20 an hour per address)", async () => {
    const [a, b] = [
      await instance("test:hour:", redis.url, undefined, 3_600_000),
      await instance("test:hour:", redis.url, undefined, 3_600_000),
    ];
    const t0 = 40_000_000;
    for (let i = 0; i < 4; i++)
      expect((await (i % 2 ? b : a).hit("ip", 4, t0 + i * 60_000)).allowed).toBe(true);
    const refused = await a.hit("ip", 4, t0 + 30 * 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSec).toBe(30 * 60);
    expect((await b.hit("ip", 4, t0 + 3_600_001)).allowed).toBe(true);
  });
});
