import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { ThrottleRule } from "../store";
import { pgAuthRepo } from "./auth-repo";
import { openPostgres, type PgDb } from "./connect";

const pg = postgresForTests();

const T = 1_700_000_000_000;
const rule = (key: string, over: Partial<ThrottleRule> = {}): ThrottleRule => ({
  key,
  limit: 2,
  baseMs: 1_000,
  maxMs: 8_000,
  forgetMs: 60_000,
  ...over,
});

async function user(db: PgDb, email = "u@x.test") {
  const account = await db
    .insertInto("accounts")
    .values({ name: "a", created_at: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return (
    await db
      .insertInto("users")
      .values({ email, account_id: account.id, created_at: 0, password_hash: "old" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

describe("PostgreSQL sign-in limits", () => {
  it("counts attempts as failures, then makes each further try wait, doubling, until forgotten", async () => {
    const { db } = await pg.fresh();
    const auth = pgAuthRepo(db);
    const r = [rule("ip:1"), rule("email:a", { limit: 3 })];
    expect(await auth.claimSignInAttempt(r, T)).toBe(0);
    expect(await auth.claimSignInAttempt(r, T + 100)).toBe(0);
    // ip:1 reached its limit: wait 1 s from its last failure; nothing is counted meanwhile.
    expect(await auth.claimSignInAttempt(r, T + 200)).toBe(1);
    expect(await auth.claimSignInAttempt(r, T + 1_099)).toBe(1);
    expect(await auth.claimSignInAttempt(r, T + 1_100)).toBe(0);
    // Now 3 failures on both: ip:1 waits 2 s, email:a 1 s.
    expect(await auth.claimSignInAttempt(r, T + 1_200)).toBe(2);
    expect(await auth.claimSignInAttempt([rule("email:a", { limit: 3 })], T + 1_200)).toBe(1);
    // Forgotten a minute after the last failure.
    expect(await auth.claimSignInAttempt(r, T + 1_100 + 60_000)).toBe(0);
    const rows = await db.selectFrom("sign_in_throttle").selectAll().orderBy("key").execute();
    expect(rows).toEqual([
      { key: "email:a", failures: 1, last_at: T + 61_100 },
      { key: "ip:1", failures: 1, last_at: T + 61_100 },
    ]);
    expect(await auth.claimSignInAttempt([], T)).toBe(0);
  });

  it("settles a successful sign-in: clears some keys, takes the claimed failure back from others", async () => {
    const { db } = await pg.fresh();
    const auth = pgAuthRepo(db);
    await auth.claimSignInAttempt([rule("ip:1"), rule("email:a"), rule("email:b")], T);
    await auth.claimSignInAttempt([rule("ip:1"), rule("email:a")], T + 1);
    await auth.settleSignIn(["email:a"], ["ip:1", "email:b", "email:b", "nope"]);
    await auth.settleSignIn([], []);
    const rows = await db.selectFrom("sign_in_throttle").select(["key", "failures"]).orderBy("key").execute();
    expect(rows).toEqual([
      { key: "email:b", failures: 0 },
      { key: "ip:1", failures: 1 },
    ]);
  });

  it("lets exactly `limit` of many parallel attempts through, across two pools", async () => {
    const { url } = await pg.fresh();
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    const repos = pools.map((p) => pgAuthRepo(p.db));
    // Rules over overlapping keys, given in different orders: the claims must neither deadlock nor overcount.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const rules = [
          rule("ip:9", { limit: 5, baseMs: 60_000, maxMs: 60_000 }),
          rule(`email:${i % 2}`, { limit: 50 }),
        ];
        return repos[i % 2]!.claimSignInAttempt(i % 3 ? rules : rules.reverse(), T);
      }),
    );
    expect(answers.filter((a) => a === 0)).toHaveLength(5);
    expect(answers.filter((a) => a === 60)).toHaveLength(35);
    const row = await pools[0]!.db
      .selectFrom("sign_in_throttle")
      .selectAll()
      .where("key", "=", "ip:9")
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(5);
    await Promise.all(pools.map((p) => p.close()));
  });
});

describe("PostgreSQL sessions and password resets", () => {
  it("bumps session versions, sets passwords voiding open resets, and uses a reset token once", async () => {
    const { db } = await pg.fresh();
    const auth = pgAuthRepo(db);
    const id = await user(db);
    expect(await auth.sessionVersion(id)).toBe(0);
    expect(await auth.sessionVersion(999)).toBeNull();
    expect(await auth.bumpSessionVersion(id)).toBe(1);
    await expect(auth.bumpSessionVersion(999)).rejects.toThrow(/missing/);
    await auth.insertPasswordReset({ tokenHash: "r1", userId: id, createdAt: T, expiresAt: T + 1_000 });
    await auth.insertPasswordReset({ tokenHash: "r2", userId: id, createdAt: T, expiresAt: T + 1_000 });
    expect(await auth.passwordResetUser("r1", T + 999)).toBe(id);
    expect(await auth.passwordResetUser("r1", T + 1_000)).toBeNull();
    expect(await auth.passwordResetUser("nope", T)).toBeNull();
    expect(await auth.consumePasswordReset("r1", "new", T + 1_000)).toBeNull(); // expired
    expect(await auth.consumePasswordReset("r1", "new", T + 10)).toBe(id);
    expect(await auth.sessionVersion(id)).toBe(2);
    const u = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(u.password_hash).toBe("new");
    // The other open token was voided with it.
    expect(await auth.passwordResetUser("r2", T + 11)).toBeNull();
    expect(await auth.consumePasswordReset("r1", "again", T + 11)).toBeNull();
    expect(await auth.setPassword(id, "newer")).toBe(3);
    await expect(auth.setPassword(999, "x")).rejects.toThrow(/missing/);
  });

  it("uses a reset token once when two processes race for it, and counts every bump", async () => {
    const { url, db } = await pg.fresh();
    const id = await user(db);
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    const repos = pools.map((p) => pgAuthRepo(p.db));
    await repos[0]!.insertPasswordReset({
      tokenHash: "race",
      userId: id,
      createdAt: T,
      expiresAt: T + 1_000,
    });
    const used = await Promise.all(
      Array.from({ length: 10 }, (_, i) => repos[i % 2]!.consumePasswordReset("race", `pw${i}`, T + 1)),
    );
    expect(used.filter((u) => u === id)).toHaveLength(1);
    const bumps = await Promise.all(
      Array.from({ length: 30 }, (_, i) => repos[i % 2]!.bumpSessionVersion(id)),
    );
    expect(new Set(bumps).size).toBe(30);
    expect(await repos[0]!.sessionVersion(id)).toBe(31);
    await Promise.all(pools.map((p) => p.close()));
  });
});
