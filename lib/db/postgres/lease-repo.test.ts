import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import { openPostgres } from "./connect";
import { pgLeaseRepo } from "./lease-repo";

const pg = postgresForTests();

const T = 1_000_000;
const TTL = 30_000;

async function repo() {
  const { db } = await pg.fresh();
  return { db, leases: pgLeaseRepo(db) };
}

describe("PostgreSQL lease repo", () => {
  it("gives a free lease to the first holder and refuses it to others until it expires", async () => {
    const { leases } = await repo();
    expect(await leases.acquire("clustering", "a", TTL, T)).toBe(true);
    expect(await leases.acquire("clustering", "b", TTL, T + 1)).toBe(false);
    expect(await leases.acquire("clustering", "b", TTL, T + TTL - 1)).toBe(false);
    expect(await leases.acquire("other", "b", TTL, T)).toBe(true);
  });

  it("counts the unexpired leases of a name prefix, leaving out the asker's own", async () => {
    const { leases } = await repo();
    await leases.acquire("import:a", "a", TTL, T);
    await leases.acquire("import:b", "b", TTL, T);
    await leases.acquire("import:c", "c", TTL, T);
    await leases.acquire("importer", "d", TTL, T);
    await leases.acquire("import%x", "e", TTL, T);
    await leases.release("import:c", "c");
    expect(await leases.countActive("import:", T + 1, "a")).toBe(1);
    expect(await leases.countActive("import:", T + 1, "nobody")).toBe(2);
    expect(await leases.countActive("import%", T + 1, "nobody")).toBe(1);
    expect(await leases.countActive("import:", T + TTL, "nobody")).toBe(0);
  });

  it("renews for its holder: acquiring again or renewing moves the expiry", async () => {
    const { leases } = await repo();
    await leases.acquire("clustering", "a", TTL, T);
    expect(await leases.acquire("clustering", "a", TTL, T + 20_000)).toBe(true);
    expect(await leases.acquire("clustering", "b", TTL, T + TTL + 1)).toBe(false);
    expect(await leases.renew("clustering", "a", TTL, T + 40_000)).toBe(true);
    expect(await leases.acquire("clustering", "b", TTL, T + 60_000)).toBe(false);
    expect(await leases.renew("clustering", "b", TTL, T + 60_000)).toBe(false);
  });

  it("lets another holder take it over once expired, after which the old holder can no longer renew", async () => {
    const { db, leases } = await repo();
    await leases.acquire("clustering", "a", TTL, T);
    expect(await leases.acquire("clustering", "b", TTL, T + TTL)).toBe(true);
    expect(await leases.renew("clustering", "a", TTL, T + TTL + 1)).toBe(false);
    expect(await leases.acquire("clustering", "a", TTL, T + TTL + 1)).toBe(false);
    expect(await db.selectFrom("leases").select(["holder", "expires_at"]).execute()).toEqual([
      { holder: "b", expires_at: T + 2 * TTL },
    ]);
  });

  it("renews an expired lease nobody took over: the holder knows it kept it", async () => {
    const { leases } = await repo();
    await leases.acquire("clustering", "a", TTL, T);
    expect(await leases.renew("clustering", "a", TTL, T + 5 * TTL)).toBe(true);
    expect(await leases.acquire("clustering", "b", TTL, T + 5 * TTL + 1)).toBe(false);
  });

  it("frees the lease on release by its holder only", async () => {
    const { leases } = await repo();
    await leases.acquire("clustering", "a", TTL, T);
    await leases.release("clustering", "b");
    expect(await leases.acquire("clustering", "b", TTL, T + 1)).toBe(false);
    await leases.release("clustering", "a");
    expect(await leases.acquire("clustering", "b", TTL, T + 2)).toBe(true);
    expect(await leases.renew("clustering", "a", TTL, T + 3)).toBe(false);
  });

  it("a released lease can be resumed by its last holder when nobody took it", async () => {
    const { leases } = await repo();
    await leases.acquire("clustering", "a", TTL, T);
    await leases.release("clustering", "a");
    expect(await leases.renew("clustering", "a", TTL, T + 1)).toBe(true);
    expect(await leases.acquire("clustering", "b", TTL, T + 2)).toBe(false);
  });

  it("has exactly one holder when many holders in two processes race for it, free and then expired", async () => {
    const { url } = await pg.fresh();
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    const repos = pools.map((p) => pgLeaseRepo(p.db));
    const holders = Array.from({ length: 20 }, (_, i) => `h${i}`);
    for (const [round, now] of [T, T + TTL, T + 2 * TTL, T + 2 * TTL + 1].entries()) {
      const won = await Promise.all(
        holders.map((h, i) => repos[i % 2]!.acquire(`race${round >> 2}`, h, TTL, now)),
      );
      const winners = holders.filter((_, i) => won[i]);
      // Free (first round), expired (second, third): one winner. Unexpired (fourth): only the holder again.
      expect(winners, `round ${round}`).toHaveLength(1);
      const row = await pools[0]!.db.selectFrom("leases").selectAll().executeTakeFirstOrThrow();
      expect(row.holder).toBe(winners[0]);
    }
    // Renewals racing a takeover after expiry: the old holder's renew and others' acquires never both succeed.
    for (let round = 0; round < 10; round++) {
      const now = T + (10 + round) * TTL * 2;
      const { holder } = await pools[0]!.db.selectFrom("leases").select("holder").executeTakeFirstOrThrow();
      const [renewed, ...acquired] = await Promise.all([
        repos[round % 2]!.renew("race0", holder, TTL, now),
        ...holders.filter((h) => h !== holder).map((h, i) => repos[i % 2]!.acquire("race0", h, TTL, now)),
      ]);
      expect(Number(renewed) + acquired.filter(Boolean).length).toBe(1);
    }
    await Promise.all(pools.map((p) => p.close()));
  });
});
