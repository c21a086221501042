import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startRedis, type TestRedis } from "../events/testing/redis-server";
import { createAuthGuard, SIGN_UP_LIMIT } from "./auth-guard";

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => redis?.stop());

describe("sign-up limits", () => {
  it("count an address once over every instance that shares Redis", async () => {
    const guards = [createAuthGuard(redis.url), createAuthGuard(redis.url)];
    const now = 50_000_000;
    const answers = [];
    for (let i = 0; i <= SIGN_UP_LIMIT; i++)
      answers.push((await guards[i % 2]!.signUp.hit("203.0.113.9", SIGN_UP_LIMIT, now + i)).allowed);
    expect(answers.filter(Boolean)).toHaveLength(SIGN_UP_LIMIT);
    expect(answers.at(-1)).toBe(false);
    // Another address is counted apart; an hour later the first may sign up again.
    expect((await guards[0]!.signUp.hit("203.0.113.10", SIGN_UP_LIMIT, now)).allowed).toBe(true);
    expect((await guards[1]!.signUp.hit("203.0.113.9", SIGN_UP_LIMIT, now + 3_600_001)).allowed).toBe(true);
    await Promise.all(guards.map((g) => g.signUp.close?.()));
  });

  it("count in the process without Redis", async () => {
    const [a, b] = [createAuthGuard(), createAuthGuard()];
    for (let i = 0; i < SIGN_UP_LIMIT; i++)
      expect((await a.signUp.hit("ip", SIGN_UP_LIMIT, i)).allowed).toBe(true);
    expect((await a.signUp.hit("ip", SIGN_UP_LIMIT, 100)).allowed).toBe(false);
    expect((await b.signUp.hit("ip", SIGN_UP_LIMIT, 100)).allowed).toBe(true);
  });
});
