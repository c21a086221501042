import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import { openPostgres, type PgConnection } from "./connect";
import { pgCreditRepo } from "./credit-repo";

const pg = postgresForTests();

const MONTH = "2026-11";

/** Two pools on one fresh database, as two processes would have, with accounts 1–9. */
async function open() {
  const { url, db } = await pg.fresh();
  await db
    .insertInto("accounts")
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        id: i + 1,
        name: `account ${i + 1}`,
        plan: "pro",
        created_at: 0,
      })),
    )
    .execute();
  const pools: PgConnection[] = await Promise.all([openPostgres(url), openPostgres(url)]);
  const stored = async (account: number) =>
    (
      await db
        .selectFrom("credit_usage")
        .select("used")
        .where("account_id", "=", account)
        .where("month", "=", MONTH)
        .executeTakeFirst()
    )?.used ?? 0;
  return {
    credits: pools.map((p) => pgCreditRepo(p.db)) as [
      ReturnType<typeof pgCreditRepo>,
      ReturnType<typeof pgCreditRepo>,
    ],
    stored,
    async close() {
      await Promise.all(pools.map((p) => p.close()));
    },
  };
}

describe("PostgreSQL credit leases", () => {
  it("two processes never pass the ceiling together, and each reports only what was spent", async () => {
    const env = await open();
    const [a, b] = env.credits;
    const ceiling = 1_000;
    let granted = 0;
    const seen: number[] = [];
    for (let i = 0; i < 1_200; i++) {
      const used = await (i % 3 === 0 ? b : a).reserve(1, MONTH, 1, ceiling);
      if (used !== null) {
        granted++;
        seen.push(used);
      }
    }
    expect(granted).toBe(ceiling);
    expect(await env.stored(1)).toBe(ceiling);
    expect(Math.max(...seen)).toBeLessThanOrEqual(ceiling);
    expect(await a.used(1, MONTH)).toBe(ceiling);
    await Promise.all([a.release(), b.release()]);
    await env.close();
  });

  it("stays exact under a parallel burst split across two pools, with refunds", async () => {
    const env = await open();
    const ceiling = 700;
    const results = await Promise.all(
      Array.from({ length: 1_000 }, async (_, i) => {
        const credits = env.credits[i % 2]!;
        const cost = 1 + (i % 3);
        const total = await credits.reserve(2, MONTH, cost, ceiling);
        if (total !== null && i % 5 === 0) {
          await credits.refund(2, MONTH, cost);
          return { total, spent: 0 };
        }
        return { total, spent: total === null ? 0 : cost };
      }),
    );
    const spent = results.reduce((s, r) => s + r.spent, 0);
    expect(spent).toBeLessThanOrEqual(ceiling);
    expect(spent).toBeGreaterThan(0);
    for (const r of results) if (r.total !== null) expect(r.total).toBeLessThanOrEqual(ceiling);
    // Held spares are charged in the database, never more than the ceiling; released, the total is what was spent.
    expect(await env.stored(2)).toBeLessThanOrEqual(ceiling);
    await Promise.all(env.credits.map((c) => c.release()));
    expect(await env.stored(2)).toBe(spent);
    expect(await env.credits[0].used(2, MONTH)).toBe(spent);

    // Below the ceiling every request is granted, and the total is exact.
    const asks = await Promise.all(
      Array.from({ length: 400 }, (_, i) => env.credits[i % 2]!.reserve(3, MONTH, 2, 1_000_000)),
    );
    expect(asks.every((t) => t !== null)).toBe(true);
    await Promise.all(env.credits.map((c) => c.release()));
    expect(await env.stored(3)).toBe(800);
    await env.close();
  });

  it("a lone process reports exact totals while holding a spare, and gives the spare back on release", async () => {
    const env = await open();
    const credits = env.credits[0];
    expect(await credits.reserve(7, MONTH, 2, 100_000)).toBe(2);
    expect(await credits.reserve(7, MONTH, 3, 100_000)).toBe(5);
    expect(await env.stored(7)).toBeGreaterThan(5);
    expect(await env.stored(7)).toBeLessThanOrEqual(5 + 50);
    expect(await credits.used(7, MONTH)).toBe(5);
    await credits.refund(7, MONTH, 3);
    expect(await credits.used(7, MONTH)).toBe(2);
    await credits.release();
    expect(await env.stored(7)).toBe(2);
    // A refund without a lease goes straight to the database, never below zero.
    await credits.refund(7, MONTH, 5);
    expect(await env.stored(7)).toBe(0);
    await env.close();
  });

  it("gives held credits back after a second without use", async () => {
    const env = await open();
    const credits = env.credits[0];
    await credits.reserve(3, MONTH, 1, 100_000);
    expect(await env.stored(3)).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 1_300));
    expect(await env.stored(3)).toBe(1);
    expect(await env.credits[1].used(3, MONTH)).toBe(1);
    await env.close();
  });

  it("refuses from the lease what would pass a lower ceiling, and grants the last credits exactly", async () => {
    const env = await open();
    const credits = env.credits[0];
    expect(await credits.reserve(5, MONTH, 10, 1_000_000)).toBe(10);
    expect(await credits.reserve(5, MONTH, 1, 10)).toBeNull();
    expect(await credits.reserve(5, MONTH, 1, 11)).toBe(11);
    const other = env.credits[1];
    const ceiling = (await env.stored(5)) + 1;
    expect(await other.reserve(5, MONTH, 1, ceiling)).toBe(ceiling);
    expect(await other.reserve(5, MONTH, 1, ceiling)).toBeNull();
    expect(await other.reserve(6, MONTH, 5, 4)).toBeNull();
    await Promise.all(env.credits.map((c) => c.release()));
    await env.close();
  });
});
