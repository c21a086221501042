import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createAccountKey, CreateKeyBody } from "@/lib/auth/account-keys/create-key";
import type { UsageReport } from "@/lib/usage/usage-report";
import { DAY_MS } from "@/lib/usage/usage-window";

import { internal, testSessionDeps } from "../session-testing";
import { GET } from "./route";

const NOW = Date.UTC(2025, 5, 10, 12);
let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps(() => NOW);
});
afterEach(() => t.cleanup());

describe("GET /api/internal/usage", () => {
  it("reports the account's last N UTC days from the same aggregation as /v1/usage, per key on request", async () => {
    const me = await t.signIn();
    const ctx = { store: t.store, user: me.user, account: me.account, keyCache: t.deps.keys, now: NOW };
    const a = await createAccountKey(ctx, CreateKeyBody.parse({ name: "a" }));
    const b = await createAccountKey(ctx, CreateKeyBody.parse({ name: "b" }));
    const rec = (keyId: string, ts: number, status = 200) => ({
      keyId,
      accountId: me.account.id,
      ts,
      endpoint: "GET /v1/items",
      status,
      bytes: 10,
      latencyMs: 5,
      credits: 1,
    });
    // Recorded through the buffer: the route flushes it before it reads.
    t.deps.usage.record(rec(a.key.id, NOW - 1000));
    t.deps.usage.record(rec(b.key.id, NOW - 2 * DAY_MS, 500));
    t.deps.usage.record(rec(b.key.id, NOW - 8 * DAY_MS));

    const week = (await (
      await GET(internal("/api/internal/usage?days=7", { cookie: me.cookie }))
    ).json()) as UsageReport;
    expect(week.daily).toHaveLength(7);
    expect(week.daily[6]?.dayMs).toBe(Date.UTC(2025, 5, 10));
    expect(week.summary).toMatchObject({ totalRequests: 2, totalErrors: 1 });
    expect(week.quota).toMatchObject({ monthlyLimit: 1000, graceLimit: 1100 });

    const onlyA = (await (
      await GET(internal(`/api/internal/usage?days=30&key_id=${a.key.id}`, { cookie: me.cookie }))
    ).json()) as UsageReport;
    expect(onlyA.keyId).toBe(a.key.id);
    expect(onlyA.summary.totalRequests).toBe(1);
  });

  it("refuses another account's key and out-of-range days", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const theirs = await createAccountKey(
      { store: t.store, user: other.user, account: other.account, keyCache: t.deps.keys, now: NOW },
      CreateKeyBody.parse({ name: "theirs" }),
    );
    const res = await GET(internal(`/api/internal/usage?key_id=${theirs.key.id}`, { cookie: me.cookie }));
    expect(res.status).toBe(404);
    const wide = await GET(internal("/api/internal/usage?days=93", { cookie: me.cookie }));
    expect(((await wide.json()) as { error: { code: string } }).error.code).toBe("parameter_out_of_range");
  });
});
