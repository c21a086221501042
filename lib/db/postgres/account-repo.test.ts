import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { ApiKey } from "../types";
import { pgAccountRepo, pgEmailVerificationRepo, pgKeyRepo, pgUsageRepo } from "./account-repo";
import { openPostgres, type PgDb } from "./connect";

const pg = postgresForTests();

const T = 1_700_000_000_000;
const DAY = 86_400_000;

function repos(db: PgDb, now = () => T) {
  return {
    accounts: pgAccountRepo(db, now),
    verifications: pgEmailVerificationRepo(db),
    keys: pgKeyRepo(db),
    usage: pgUsageRepo(db),
  };
}

async function twoProcesses() {
  const { url, db } = await pg.fresh();
  const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
  return {
    db,
    procs: pools.map((p) => repos(p.db)) as [ReturnType<typeof repos>, ReturnType<typeof repos>],
    close: () => Promise.all(pools.map((p) => p.close())),
  };
}

const key = (
  id: string,
  accountId: number,
  over: Partial<ApiKey> = {},
): Omit<ApiKey, "lastUsedAt" | "revokedAt"> => ({
  id,
  accountId,
  name: `key ${id}`,
  keyHash: `hash-${id}`,
  prefix: `lede_${id}`,
  scopes: ["read", "stream"],
  createdAt: T,
  expiresAt: null,
  ...over,
});

describe("PostgreSQL accounts", () => {
  it("creates accounts with their first user, finds users by email in any case, and refuses a second user of an email", async () => {
    const { db } = await pg.fresh();
    const { accounts } = repos(db);
    const { account, user } = await accounts.createWithUser({
      email: "Ann@Example.com",
      plan: "pro",
      passwordHash: "h",
    });
    expect(account).toEqual({
      id: account.id,
      name: "Ann@Example.com",
      plan: "pro",
      isDemo: false,
      createdAt: T,
    });
    expect(user).toEqual({
      id: user.id,
      email: "Ann@Example.com",
      name: null,
      passwordHash: "h",
      accountId: account.id,
      createdAt: T,
      emailVerifiedAt: null,
    });
    expect(await accounts.findUserByEmail("ann@example.COM")).toEqual(user);
    expect(await accounts.findUserByEmail("bob@example.com")).toBeNull();
    await expect(accounts.createWithUser({ email: "ANN@example.com", plan: "free" })).rejects.toThrow(
      /users_email/,
    );
    // The failed sign-up left no account behind.
    expect((await accounts.listAccounts()).length).toBe(1);
    await accounts.markEmailVerified(user.id, T + 5);
    await accounts.markEmailVerified(user.id, T + 9);
    expect((await accounts.getUser(user.id))!.emailVerifiedAt).toBe(T + 5);
    expect(await accounts.getUser(999)).toBeNull();
    await accounts.setPlan(account.id, "business");
    expect((await accounts.get(account.id))!.plan).toBe("business");
    expect(await accounts.get(999)).toBeNull();
    const named = await accounts.createWithUser({
      email: "c@x.test",
      name: "Cy",
      plan: "free",
      emailVerifiedAt: T,
    });
    expect(named.account.name).toBe("Cy");
    expect(named.user).toMatchObject({ name: "Cy", emailVerifiedAt: T, passwordHash: null });
  });

  it("lists accounts oldest first with their users' emails and live keys", async () => {
    const { db } = await pg.fresh();
    const { accounts, keys } = repos(db);
    const a = await accounts.createWithUser({ email: "a@x.test", plan: "free" });
    const demo = await accounts.ensureDemoAccount();
    await db
      .insertInto("users")
      .values({ email: "a2@x.test", account_id: a.account.id, created_at: T })
      .execute();
    await keys.insert(key("k1", a.account.id));
    await keys.insert(key("k2", a.account.id, { expiresAt: T + 1 }));
    await keys.insert(key("k3", a.account.id, { expiresAt: T - 1 }));
    await keys.insert(key("k4", a.account.id));
    await keys.revoke(a.account.id, "k4", T);
    expect(await accounts.listAccounts()).toEqual([
      { account: a.account, emails: ["a@x.test", "a2@x.test"], activeKeys: 2 },
      { account: demo, emails: [], activeKeys: 0 },
    ]);
  });

  it("creates one demo account, even when processes ask at once", async () => {
    const env = await twoProcesses();
    const got = await Promise.all(
      Array.from({ length: 10 }, (_, i) => env.procs[i % 2]!.accounts.ensureDemoAccount()),
    );
    expect(new Set(got.map((a) => a.id)).size).toBe(1);
    expect(got[0]).toMatchObject({ name: "Sandbox demo", plan: "free", isDemo: true });
    const { n } = await env.db
      .selectFrom("accounts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
    await env.close();
  });

  it("lets one of many parallel sign-ups of an email (in any case) through, across two pools", async () => {
    const env = await twoProcesses();
    const emails = ["race@x.test", "RACE@x.test", "Race@X.Test", "race@X.TEST"];
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        env.procs[i % 2]!.accounts.createWithUser({ email: emails[i % 4]!, plan: "free" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await env.procs[0].accounts.listAccounts()).length).toBe(1);
    await env.close();
  });
});

describe("PostgreSQL email verifications", () => {
  const link = (tokenHash: string, email: string, userId: number | null, createdAt = T) => ({
    tokenHash,
    email,
    userId,
    name: userId === null ? "New" : null,
    passwordHash: userId === null ? "pw" : null,
    createdAt,
    expiresAt: createdAt + DAY,
  });

  it("verifies an existing user's email once, and only while the email is still the user's", async () => {
    const { db } = await pg.fresh();
    const { accounts, verifications } = repos(db);
    const { user } = await accounts.createWithUser({ email: "u@x.test", plan: "free" });
    await verifications.insert(link("t1", "U@x.test", user.id));
    expect(await verifications.countSince("u@X.test", T)).toBe(1);
    expect(await verifications.countSince("u@x.test", T + 1)).toBe(0);
    const out = await verifications.consume("t1", T + 10);
    expect(out).toEqual({ status: "verified", user: { ...user, emailVerifiedAt: T + 10 }, created: false });
    expect(await verifications.consume("t1", T + 11)).toEqual({ status: "invalid" });
    expect(await verifications.consume("nope", T)).toEqual({ status: "invalid" });
    // Expired.
    await verifications.insert(link("t2", "u@x.test", user.id));
    expect(await verifications.consume("t2", T + DAY)).toEqual({ status: "invalid" });
    // The user's email changed since the link was sent.
    await verifications.insert(link("t3", "old@x.test", user.id));
    expect(await verifications.consume("t3", T + 1)).toEqual({ status: "invalid" });
    // A later insert forgets expired links.
    await verifications.insert(link("t4", "u@x.test", user.id, T - 2 * DAY));
    await verifications.insert(link("t5", "u@x.test", user.id, T));
    expect(
      (await db.selectFrom("email_verifications").select("token_hash").execute()).map((r) => r.token_hash),
    ).toEqual(["t5"]);
  });

  it("creates a pending sign-up's account when its link is opened, dropping the email's other pending links", async () => {
    const { db } = await pg.fresh();
    const { accounts, verifications } = repos(db);
    await verifications.insert(link("p1", "new@x.test", null));
    await verifications.insert(link("p2", "NEW@x.test", null));
    const out = await verifications.consume("p1", T + 5);
    expect(out.status).toBe("verified");
    if (out.status !== "verified") return;
    expect(out.created).toBe(true);
    expect(out.user).toMatchObject({
      email: "new@x.test",
      name: "New",
      passwordHash: "pw",
      emailVerifiedAt: T + 5,
    });
    expect((await accounts.get(out.user.accountId))!.name).toBe("New");
    expect(await verifications.consume("p2", T + 6)).toEqual({ status: "invalid" });
    // An email that got an account another way meanwhile.
    await verifications.insert(link("p3", "taken@x.test", null));
    await accounts.createWithUser({ email: "Taken@x.test", plan: "free" });
    expect(await verifications.consume("p3", T + 7)).toEqual({ status: "email_taken" });
    expect((await accounts.listAccounts()).length).toBe(2);
  });

  it("creates one account when the pending links of an email are opened at once in two processes", async () => {
    const env = await twoProcesses();
    for (let i = 0; i < 6; i++)
      await env.procs[0].verifications.insert(link(`r${i}`, i % 2 ? "R@x.test" : "r@x.test", null));
    const outs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => env.procs[i % 2]!.verifications.consume(`r${i}`, T + 1)),
    );
    expect(outs.filter((o) => o.status === "verified")).toHaveLength(1);
    expect(outs.filter((o) => o.status === "invalid")).toHaveLength(5);
    expect((await env.procs[0].accounts.listAccounts()).length).toBe(1);
    await env.close();
  });
});

describe("PostgreSQL API keys", () => {
  it("inserts, finds by hash with the account, lists newest first, touches and revokes", async () => {
    const { db } = await pg.fresh();
    const { accounts, keys } = repos(db);
    const { account } = await accounts.createWithUser({ email: "k@x.test", plan: "starter" });
    await keys.insert(key("b", account.id));
    await keys.insert(key("a", account.id));
    await keys.insert(key("c", account.id, { createdAt: T + 1, scopes: [] }));
    const found = await keys.findByHash("hash-b");
    expect(found).toEqual({ ...key("b", account.id), lastUsedAt: null, revokedAt: null, account });
    expect(await keys.findByHash("nope")).toBeNull();
    expect((await keys.list(account.id)).map((k) => k.id)).toEqual(["c", "a", "b"]);
    expect((await keys.get(account.id, "c"))!.scopes).toEqual([]);
    expect(await keys.get(account.id + 1, "c")).toBeNull();
    await keys.touch(
      new Map([
        ["a", T + 50],
        ["b", T + 10],
      ]),
    );
    await keys.touch(new Map([["a", T + 20]]));
    await keys.touch(new Map());
    expect((await keys.get(account.id, "a"))!.lastUsedAt).toBe(T + 50);
    expect((await keys.get(account.id, "b"))!.lastUsedAt).toBe(T + 10);
    expect(await keys.revoke(account.id + 1, "a", T)).toBe(false);
    expect(await keys.revoke(account.id, "a", T + 60)).toBe(true);
    expect(await keys.revoke(account.id, "a", T + 70)).toBe(false);
    expect((await keys.findByHash("hash-a"))!.revokedAt).toBe(T + 60);
  });

  it("rotates a live key only, capping the old key's expiry", async () => {
    const { db } = await pg.fresh();
    const { accounts, keys } = repos(db);
    const { account } = await accounts.createWithUser({ email: "r@x.test", plan: "pro" });
    await keys.insert(key("old", account.id));
    expect(await keys.rotate(account.id, "old", key("new", account.id, { createdAt: T + 5 }), T + 100)).toBe(
      true,
    );
    expect((await keys.get(account.id, "old"))!.expiresAt).toBe(T + 100);
    expect((await keys.get(account.id, "new"))!.createdAt).toBe(T + 5);
    // Never later than an expiry it already has.
    expect(await keys.rotate(account.id, "old", key("new2", account.id, { createdAt: T + 6 }), T + 500)).toBe(
      true,
    );
    expect((await keys.get(account.id, "old"))!.expiresAt).toBe(T + 100);
    // Expired, revoked, or another account's: nothing happens.
    expect(
      await keys.rotate(account.id, "old", key("new3", account.id, { createdAt: T + 100 }), T + 900),
    ).toBe(false);
    await keys.revoke(account.id, "new", T + 7);
    expect(await keys.rotate(account.id, "new", key("new4", account.id, { createdAt: T + 8 }), T + 900)).toBe(
      false,
    );
    expect(
      await keys.rotate(account.id + 1, "new2", key("new5", account.id, { createdAt: T + 8 }), T + 900),
    ).toBe(false);
    expect(await keys.get(account.id, "new3")).toBeNull();
    expect(await keys.get(account.id, "new4")).toBeNull();
    expect(await keys.get(account.id, "new5")).toBeNull();
  });

  it("makes a revocation visible at once to another process, and never rotates a key revoked meanwhile", async () => {
    const env = await twoProcesses();
    const [p, q] = env.procs;
    const { account } = await p.accounts.createWithUser({ email: "v@x.test", plan: "pro" });
    for (let round = 0; round < 20; round++) {
      await p.keys.insert(key(`k${round}`, account.id));
      const [rotated, revoked] = await Promise.all([
        q.keys.rotate(
          account.id,
          `k${round}`,
          key(`k${round}-next`, account.id, { createdAt: T + 1 }),
          T + 100,
        ),
        p.keys.revoke(account.id, `k${round}`, T + 2),
      ]);
      expect(revoked).toBe(true);
      expect((await q.keys.findByHash(`hash-k${round}`))!.revokedAt).toBe(T + 2);
      // Either the rotation came first (and the replacement exists) or the revocation did (and there is none).
      expect((await q.keys.get(account.id, `k${round}-next`)) !== null).toBe(rotated);
    }
    // Touches of the same keys from both processes at once do not deadlock; the latest time wins.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        env.procs[i % 2]!.keys.touch(
          new Map([
            [`k${i % 3}`, T + i],
            [`k${(i + 1) % 3}`, T + i],
          ]),
        ),
      ),
    );
    expect((await p.keys.get(account.id, "k0"))!.lastUsedAt).toBe(T + 18); // the last i with k0 among i % 3, (i + 1) % 3
    await env.close();
  });
});

describe("PostgreSQL usage records", () => {
  it("aggregates totals, top endpoints and UTC days over a window, for an account or one key", async () => {
    const { db } = await pg.fresh();
    const { usage } = repos(db);
    const D0 = Math.floor(T / DAY) * DAY;
    const rec = (keyId: string, ts: number, over: object = {}) => ({
      keyId,
      accountId: 1,
      ts,
      endpoint: "GET /v1/articles",
      status: 200,
      bytes: 100,
      latencyMs: 10,
      credits: 1,
      ...over,
    });
    await usage.insertMany([]);
    await usage.insertMany([
      rec("a", D0 + 5),
      rec("a", D0 + 6, { endpoint: "GET /v1/stories/{id}", latencyMs: 30, bytes: 300 }),
      rec("a", D0 + 2 * DAY + 1, { status: 404, endpoint: "GET /v1/stories/{id}", bytes: 50 }),
      rec("b", D0 + 7, { endpoint: "GET /v1/b", status: 500, latencyMs: 5 }),
      rec("b", D0 + 8, { endpoint: "GET /v1/B", latencyMs: 5 }),
      rec("a", D0 + 9, { accountId: 2 }),
      rec("a", D0 + 3 * DAY, { endpoint: "late" }),
    ]);
    const all = await usage.aggregate({ accountId: 1, from: D0, to: D0 + 3 * DAY - 1, topLimit: 10 });
    expect(all).toEqual({
      totalRequests: 5,
      totalErrors: 2,
      totalBytes: 650,
      avgLatencyMs: 12,
      topEndpoints: [
        { endpoint: "GET /v1/stories/{id}", count: 2 },
        { endpoint: "GET /v1/B", count: 1 },
        { endpoint: "GET /v1/articles", count: 1 },
        { endpoint: "GET /v1/b", count: 1 },
      ],
      days: [
        { dayMs: D0, requests: 4, errors: 1, bytes: 600, avgLatencyMs: 12.5 },
        { dayMs: D0 + 2 * DAY, requests: 1, errors: 1, bytes: 50, avgLatencyMs: 10 },
      ],
    });
    const one = await usage.aggregate({ accountId: 1, keyId: "b", from: D0, to: D0 + DAY, topLimit: 1 });
    expect(one.totalRequests).toBe(2);
    expect(one.topEndpoints).toEqual([{ endpoint: "GET /v1/B", count: 1 }]);
    const none = await usage.aggregate({ accountId: 3, from: 0, to: T * 2, topLimit: 5 });
    expect(none).toEqual({
      totalRequests: 0,
      totalErrors: 0,
      totalBytes: 0,
      avgLatencyMs: 0,
      topEndpoints: [],
      days: [],
    });
  });

  it("keeps every record of parallel batches from two processes", async () => {
    const env = await twoProcesses();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        env.procs[i % 2]!.usage.insertMany(
          Array.from({ length: 25 }, (_, j) => ({
            keyId: "k",
            accountId: 1,
            ts: T + i * 25 + j,
            endpoint: "e",
            status: 200,
            bytes: 1,
            latencyMs: 1,
            credits: 1,
          })),
        ),
      ),
    );
    const agg = await env.procs[0].usage.aggregate({ accountId: 1, from: 0, to: T * 2, topLimit: 1 });
    expect(agg.totalRequests).toBe(1000);
    expect(agg.totalBytes).toBe(1000);
    await env.close();
  });
});
