import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { RedisStreamSlots } from "./redis-stream-slots";
import { startRedis, type TestRedis } from "./testing/redis-server";

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => redis?.stop());

async function instance(prefix: string, max: number, url = redis.url, onFallback?: (err: unknown) => void) {
  const slots = new RedisStreamSlots({ url, max, prefix, onFallback });
  await slots.ready();
  return slots;
}

describe("RedisStreamSlots", () => {
  it("caps a user's open streams over every instance, and gives a slot back once", async () => {
    const [a, b] = [await instance("t:cap:", 3), await instance("t:cap:", 3)];
    const held = [await a.acquire(7), await b.acquire(7), await a.acquire(7)];
    expect(held.every((r) => typeof r === "function")).toBe(true);
    expect(await b.acquire(7)).toBeNull();
    expect(await a.acquire(8)).not.toBeNull();
    held[0]!();
    held[0]!();
    await new Promise((r) => setTimeout(r, 50));
    expect(await b.acquire(7)).not.toBeNull();
    expect(await a.acquire(7)).toBeNull();
    await Promise.all([a.close(), b.close()]);
  });

  it("lets exactly the cap through a parallel burst over instances", async () => {
    const all = [await instance("t:burst:", 5), await instance("t:burst:", 5), await instance("t:burst:", 5)];
    const got = await Promise.all(Array.from({ length: 30 }, (_, i) => all[i % 3]!.acquire(1)));
    expect(got.filter((r) => r !== null)).toHaveLength(5);
    await Promise.all(all.map((s) => s.close()));
  });

  it("frees the slots of an instance that died once they lapse (90 s)", async () => {
    const dead = await instance("t:lapse:", 1);
    const now = Date.now();
    expect(await dead.acquire(3, now)).not.toBeNull();
    await dead.close(); // never released, never renewed
    const alive = await instance("t:lapse:", 1);
    expect(await alive.acquire(3, now + 60_000)).toBeNull();
    expect(await alive.acquire(3, now + 90_001)).not.toBeNull();
    await alive.close();
  });

  it("counts in the process while Redis does not answer, and says so once", async () => {
    const gone = await startRedis();
    await gone.stop();
    const told: unknown[] = [];
    const slots = await instance("t:gone:", 2, gone.url, (err) => told.push(err));
    const got = [await slots.acquire(1), await slots.acquire(1), await slots.acquire(1)];
    expect(got.map((r) => r !== null)).toEqual([true, true, false]);
    expect(told).toHaveLength(1);
    await slots.close();
  });
});
