import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { createKey } from "@/lib/keys/create-key";
import { hashKey } from "@/lib/keys/key-format";
import { ensureDemoKey } from "@/lib/keys/verify-key";
import { billingMonth } from "@/lib/quota/credits";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { DAY_MS } from "@/lib/usage/usage-window";

import { GET as listItems } from "../items/route";
import { GET } from "./route";

const NOW = Date.UTC(2025, 5, 10, 12);
let t: ReturnType<typeof testApiDeps>;
beforeEach(() => {
  t = testApiDeps(() => NOW);
  setApiDepsForTesting(async () => t.deps);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

interface Body {
  key_id: string;
  tier: string;
  quota: Record<string, number>;
  summary: { total_requests: number; total_errors: number; total_bytes: number; top_endpoints: unknown[] };
  daily: Array<Record<string, number>>;
  error: { code: string };
}
const json = async (res: Response) => (await res.json()) as Body;

describe("GET /v1/usage", () => {
  it("reports the calling key's requests, the account's credits and 31 zero-filled days, at no cost", async () => {
    const key = await t.key("starter");
    await listItems(get("/v1/items", key));
    await listItems(get("/v1/items?limit=0", key)); // 400: counted as an error, not charged
    const res = await GET(get("/v1/usage", key));
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("0");
    const body = await json(res);
    const keyId = (await t.store.keys.findByHash(hashKey(key)))?.id;
    expect(body.key_id).toBe(keyId);
    expect(body.tier).toBe("starter");
    expect(body.quota).toEqual({
      monthly_limit: 30_000,
      monthly_used: 1,
      pct_used: 0,
      grace_limit: 33_000,
      resets_at_ms: Date.UTC(2025, 6, 1),
    });
    expect(body.summary).toMatchObject({ total_requests: 2, total_errors: 1 });
    expect(body.summary.total_bytes).toBeGreaterThan(0);
    expect(body.summary.top_endpoints).toEqual([{ endpoint: "GET /v1/items", count: 2 }]);
    expect(body.daily).toHaveLength(31);
    expect(body.daily.at(-1)).toMatchObject({ day_ms: Date.UTC(2025, 5, 10), requests: 2, errors: 1 });
    expect(body.daily[0]).toEqual({ day_ms: Date.UTC(2025, 4, 11), requests: 0, errors: 0, bytes: 0 });
    expect(Object.keys(body.daily[0] ?? {}).sort()).toEqual(["bytes", "day_ms", "errors", "requests"]);
  });

  it("counts only the calling key, not the account's other keys", async () => {
    const a = await t.key("free");
    const email = (await t.store.accounts.listAccounts())[0]?.emails[0];
    const b = (await createKey(t.store, { email: email ?? "", name: "b" })).key;
    await listItems(get("/v1/items", b));
    const body = await json(await GET(get("/v1/usage", a)));
    expect(body.summary.total_requests).toBe(0);
    expect(body.quota.monthly_used).toBe(1);
  });

  it("refuses the sandbox demo key with 403 demo_key_restricted", async () => {
    const demo = `lede_test_${"b".repeat(64)}`;
    await ensureDemoKey(t.store, demo);
    const res = await GET(get("/v1/usage", demo));
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({ code: "demo_key_restricted", status: 403 });
  });

  it("needs a key", async () => {
    const res = await GET(get("/v1/usage"));
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe("missing_api_key");
  });

  it("validates the window: from before to, at most 92 days, integers", async () => {
    const key = await t.key();
    const same = await GET(get(`/v1/usage?from=${NOW}&to=${NOW}`, key));
    expect(same.status).toBe(400);
    expect((await json(same)).error).toMatchObject({ code: "invalid_parameter", details: { param: "from" } });
    const wide = await GET(get(`/v1/usage?from=${NOW - 93 * DAY_MS}&to=${NOW}`, key));
    expect(wide.status).toBe(400);
    expect((await json(wide)).error.code).toBe("parameter_out_of_range");
    const bad = await GET(get("/v1/usage?from=yesterday", key));
    expect((await json(bad)).error).toMatchObject({ code: "invalid_parameter", details: { param: "from" } });
    const ok = await json(await GET(get(`/v1/usage?from=${NOW - 2 * DAY_MS}&to=${NOW}`, key)));
    expect(ok.daily).toHaveLength(3);
  });

  it("keeps answering once the credits are used up past the grace limit", async () => {
    const key = await t.key("free");
    const accountId = (await t.store.accounts.listAccounts())[0]!.account.id;
    await t.store.credits.reserve(accountId, billingMonth(NOW), 1_100, 1_100);
    expect((await listItems(get("/v1/items", key))).status).toBe(429);
    const res = await GET(get("/v1/usage", key));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.quota).toMatchObject({ monthly_used: 1_100, pct_used: 110 });
    expect(Number.isInteger(body.quota.pct_used)).toBe(true);
  });
});
