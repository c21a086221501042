import { afterEach, describe, expect, it, vi } from "vitest";

import { twoTempStores } from "../../testing/temp-store";

const MONTH = "2026-11";
let env: ReturnType<typeof twoTempStores>;
afterEach(() => {
  vi.useRealTimers();
  env.cleanup();
});

/** Two connections to one file, with accounts 1–9. */
function open() {
  const e = twoTempStores();
  const insert = e.stores[0].db.prepare(
    "INSERT INTO accounts (id, name, plan, created_at) VALUES (?, ?, 'pro', 0)",
  );
  for (let id = 1; id <= 9; id++) insert.run(id, `account ${id}`);
  return e;
}

const stored = (env: ReturnType<typeof twoTempStores>, account: number) =>
  (env.stores[0].db
    .prepare("SELECT used FROM credit_usage WHERE account_id = ? AND month = ?")
    .pluck()
    .get(account, MONTH) as number | undefined) ?? 0;

describe("credit leases", () => {
  it("two processes never pass the ceiling together, and each reports only what was spent", async () => {
    env = open();
    const [a, b] = env.stores.map((s) => s.credits);
    const ceiling = 1_000;
    let granted = 0;
    const seen: number[] = [];
    for (let i = 0; i < 1_200; i++) {
      const used = await (i % 3 === 0 ? b! : a!).reserve(1, MONTH, 1, ceiling);
      if (used !== null) {
        granted++;
        seen.push(used);
      }
    }
    expect(granted).toBe(ceiling);
    expect(stored(env, 1)).toBe(ceiling);
    expect(Math.max(...seen)).toBeLessThanOrEqual(ceiling);
    expect(await a!.used(1, MONTH)).toBe(ceiling);
  });

  it("a lone process reports exact totals while holding a spare, and gives the spare back on release", async () => {
    env = open();
    const credits = env.stores[0].credits as (typeof env.stores)[0]["credits"] & { release(): void };
    expect(await credits.reserve(7, MONTH, 2, 100_000)).toBe(2);
    expect(await credits.reserve(7, MONTH, 3, 100_000)).toBe(5);
    // Charged in the database ahead of use: at most 50 beyond what was spent.
    expect(stored(env, 7)).toBeGreaterThan(5);
    expect(stored(env, 7)).toBeLessThanOrEqual(5 + 50);
    expect(await credits.used(7, MONTH)).toBe(5);
    await credits.refund(7, MONTH, 3);
    expect(await credits.used(7, MONTH)).toBe(2);
    credits.release();
    expect(stored(env, 7)).toBe(2);
  });

  it("gives held credits back after a second without use", async () => {
    vi.useFakeTimers();
    env = open();
    const credits = env.stores[0].credits;
    await credits.reserve(3, MONTH, 1, 100_000);
    expect(stored(env, 3)).toBeGreaterThan(1);
    vi.advanceTimersByTime(1_001);
    expect(stored(env, 3)).toBe(1);
    // The other process sees the same total.
    expect(await env.stores[1].credits.used(3, MONTH)).toBe(1);
  });

  it("refuses from the lease what would pass a lower ceiling, and grants the last credits exactly", async () => {
    env = open();
    const credits = env.stores[0].credits;
    expect(await credits.reserve(5, MONTH, 10, 1_000_000)).toBe(10);
    expect(await credits.reserve(5, MONTH, 1, 10)).toBeNull();
    expect(await credits.reserve(5, MONTH, 1, 11)).toBe(11);
    // Another process with 1 credit left below the ceiling gets exactly it, then nothing.
    const other = env.stores[1].credits;
    const ceiling = stored(env, 5) + 1;
    expect(await other.reserve(5, MONTH, 1, ceiling)).toBe(ceiling);
    expect(await other.reserve(5, MONTH, 1, ceiling)).toBeNull();
  });
});
