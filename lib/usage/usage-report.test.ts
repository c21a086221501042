import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Account, UsageRecord } from "../db/types";
import { createKey } from "../keys/create-key";
import { billingMonth } from "../quota/credits";
import { tempStore } from "../testing/temp-store";
import { getUsageReport } from "./usage-report";
import { DAY_MS, resolveUsageWindow, USAGE_MAX_WINDOW_MS, utcDays } from "./usage-window";

const D0 = Date.UTC(2025, 2, 10); // a Monday, 00:00 UTC
let store: ReturnType<typeof tempStore>;
let account: Account;
let keyA: string;
let keyB: string;

const rec = (keyId: string, ts: number, over: Partial<UsageRecord> = {}): UsageRecord => ({
  keyId,
  accountId: account.id,
  ts,
  endpoint: "GET /v1/stories",
  status: 200,
  bytes: 100,
  latencyMs: 10,
  credits: 1,
  ...over,
});

beforeEach(async () => {
  store = tempStore();
  const a = await createKey(store, { email: "a@example.test", plan: "starter" });
  const b = await createKey(store, { email: "a@example.test", name: "second" });
  keyA = a.keyId;
  keyB = b.keyId;
  account = (await store.accounts.get(a.accountId))!;
  const other = await createKey(store, { email: "other@example.test" });
  await store.usage.insertMany([
    rec(keyA, D0 + 5_000),
    rec(keyA, D0 + 6_000, { endpoint: "GET /v1/stories/{id}", latencyMs: 30, bytes: 300 }),
    rec(keyA, D0 + 2 * DAY_MS + 1, {
      status: 404,
      endpoint: "GET /v1/stories/{id}",
      bytes: 50,
      latencyMs: 2,
    }),
    rec(keyB, D0 + DAY_MS - 1, { status: 429, endpoint: "GET /v1/items", bytes: 80, latencyMs: 4 }),
    // Another account's traffic never shows up.
    { ...rec(other.keyId, D0 + 10), accountId: other.accountId },
    // Outside the window.
    rec(keyA, D0 - 1),
  ]);
});
afterEach(() => store.cleanup());

describe("getUsageReport", () => {
  it("sums one key's requests, errors, bytes and latency, with zero-filled UTC days", async () => {
    const r = await getUsageReport(store, {
      account,
      keyId: keyA,
      from: D0,
      to: D0 + 3 * DAY_MS - 1,
      now: D0 + 3 * DAY_MS,
    });
    expect(r.summary).toEqual({
      totalRequests: 3,
      totalErrors: 1,
      totalBytes: 450,
      avgLatencyMs: 14,
      topEndpoints: [
        { endpoint: "GET /v1/stories/{id}", count: 2 },
        { endpoint: "GET /v1/stories", count: 1 },
      ],
    });
    expect(r.daily).toEqual([
      { dayMs: D0, requests: 2, errors: 0, bytes: 400, avgLatencyMs: 20 },
      { dayMs: D0 + DAY_MS, requests: 0, errors: 0, bytes: 0, avgLatencyMs: 0 },
      { dayMs: D0 + 2 * DAY_MS, requests: 1, errors: 1, bytes: 50, avgLatencyMs: 2 },
    ]);
  });

  it("covers every key of the account when no key is given, and no other account", async () => {
    const r = await getUsageReport(store, { account, keyId: null, from: D0, to: D0 + 3 * DAY_MS, now: D0 });
    expect(r.summary.totalRequests).toBe(4);
    expect(r.summary.totalErrors).toBe(2);
    expect(r.daily[0]).toMatchObject({ requests: 3, errors: 1, bytes: 480 });
    expect(r.daily).toHaveLength(4);
  });

  it("reports the account's credits against its plan with the grace band and the next reset", async () => {
    const now = Date.UTC(2025, 2, 20, 15);
    await store.credits.reserve(account.id, billingMonth(now), 31_500, 1e9);
    const r = await getUsageReport(store, { account, keyId: keyA, from: now - DAY_MS, to: now, now });
    expect(r.tier).toBe("starter");
    expect(r.quota).toEqual({
      monthlyLimit: 30_000,
      monthlyUsed: 31_500,
      pctUsed: 105,
      graceLimit: 33_000,
      resetsAtMs: Date.UTC(2025, 3, 1),
      inGrace: true,
      exhausted: false,
    });
    expect(Number.isInteger(r.quota.pctUsed)).toBe(true);
  });

  it("keeps the top endpoints to ten, most used first", async () => {
    await store.usage.insertMany(
      Array.from({ length: 12 }, (_, i) =>
        rec(keyB, D0 + 100 + i, { endpoint: `GET /v1/e${String(i).padStart(2, "0")}` }),
      ),
    );
    const r = await getUsageReport(store, { account, keyId: keyB, from: D0, to: D0 + DAY_MS, now: D0 });
    expect(r.summary.topEndpoints).toHaveLength(10);
    expect(r.summary.topEndpoints[0]).toEqual({ endpoint: "GET /v1/e00", count: 1 });
  });
});

describe("resolveUsageWindow", () => {
  it("defaults to the 30 days before now", () => {
    expect(resolveUsageWindow({}, D0)).toEqual({ from: D0 - 30 * DAY_MS, to: D0 });
    expect(resolveUsageWindow({ to: D0 }, D0 + 5)).toEqual({ from: D0 - 30 * DAY_MS, to: D0 });
  });

  it("refuses from ≥ to and windows over 92 days", () => {
    expect(() => resolveUsageWindow({ from: D0, to: D0 }, D0)).toThrow(/earlier than to/);
    expect(() => resolveUsageWindow({ from: D0, to: D0 + USAGE_MAX_WINDOW_MS + 1 }, D0)).toThrow(/92 days/);
    expect(resolveUsageWindow({ from: D0, to: D0 + USAGE_MAX_WINDOW_MS }, D0).to).toBe(
      D0 + USAGE_MAX_WINDOW_MS,
    );
  });

  it("lists each UTC day a window touches", () => {
    expect(utcDays(D0 + 5, D0 + DAY_MS)).toEqual([D0, D0 + DAY_MS]);
    expect(utcDays(D0 - 1, D0)).toEqual([D0 - DAY_MS, D0]);
  });
});
