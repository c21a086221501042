import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { Security } from "../../tickers/registry";
import { openPostgres } from "./connect";
import { pgSecuritiesRepo } from "./securities-repo";

const pg = postgresForTests();

const sec = (symbol: string, name = `${symbol} Inc`): Security => ({
  symbol,
  name,
  assetClass: "equity",
  aliases: [`${symbol} corp`],
  exchange: "NYSE",
  source: "test",
});

describe("PostgreSQL securities", () => {
  it("lists added entries in symbol order, counts added and replaced, and moves the version on every upsert", async () => {
    const { db } = await pg.fresh();
    const repo = pgSecuritiesRepo(db);
    expect(await repo.list()).toEqual([]);
    const v0 = await repo.version();
    expect(v0).toBe(1);
    expect(await repo.upsert([sec("b"), sec("B"), sec("a")])).toEqual({ added: 3, replaced: 0 });
    const v1 = await repo.version();
    expect(v1).toBeGreaterThan(v0);
    expect((await repo.list()).map((s) => s.symbol)).toEqual(["B", "a", "b"]);
    const { added_at: first } = await db
      .selectFrom("securities")
      .select("added_at")
      .where("symbol", "=", "a")
      .executeTakeFirstOrThrow();
    // Replaced in place (keeping when it was added); a symbol given twice keeps its last entry.
    expect(await repo.upsert([sec("a", "A one"), sec("c"), sec("c", "C two")])).toEqual({
      added: 1,
      replaced: 2,
    });
    const v2 = await repo.version();
    expect(v2).toBeGreaterThan(v1);
    const list = await repo.list();
    expect(list.find((s) => s.symbol === "a")).toEqual({ ...sec("a", "A one") });
    expect(list.find((s) => s.symbol === "c")!.name).toBe("C two");
    const { added_at: after } = await db
      .selectFrom("securities")
      .select("added_at")
      .where("symbol", "=", "a")
      .executeTakeFirstOrThrow();
    expect(after).toBe(first);
    expect(await repo.upsert([])).toEqual({ added: 0, replaced: 0 });
    expect(await repo.version()).toBeGreaterThan(v2);
    // Any other write to the table moves it too.
    await db.deleteFrom("securities").where("symbol", "=", "B").execute();
    const v3 = await repo.version();
    expect(v3).toBeGreaterThan(v2 + 1);
    await db.updateTable("securities").set({ source: "x" }).execute();
    expect(await repo.version()).toBeGreaterThan(v3);
  });

  it("counts each symbol added once, and shows every upsert's version move once committed, when two processes upsert at once", async () => {
    const { url } = await pg.fresh();
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    const repos = pools.map((p) => pgSecuritiesRepo(p.db));
    const v0 = await repos[0]!.version();
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const r = await repos[i % 2]!.upsert([sec(`S${i % 5}`), sec(`T${i}`)]);
        // Once an upsert returned, its write and its version move are both visible to the other process.
        const v = await repos[(i + 1) % 2]!.version();
        const names = (await repos[(i + 1) % 2]!.list()).map((s) => s.symbol);
        expect(names).toContain(`T${i}`);
        expect(v).toBeGreaterThan(v0);
        return r;
      }),
    );
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(25);
    expect(results.reduce((n, r) => n + r.replaced, 0)).toBe(15);
    // Two statement triggers per upsert (INSERT and UPDATE), each moving it once.
    expect(await repos[1]!.version()).toBe(v0 + 40);
    expect(await repos[0]!.list()).toHaveLength(25);
    await Promise.all(pools.map((p) => p.close()));
  });
});
