import { afterEach, describe, expect, it } from "vitest";

import { setAccountPlanByEmail } from "../auth/set-account-plan";
import { createSqliteStore, type SqliteStore } from "../db/sqlite/sqlite-store";
import type { Plan } from "../db/types";
import { createKey } from "../keys/create-key";
import { generateKey, generateKeyId, hashKey, keyPrefix } from "../keys/key-format";
import { liveFeedHarness, type LiveFeedHarness } from "./testing/live-feed-harness";
import { CLOSE } from "./ws-gateway";

// A revocation or plan change made by another process (the CLI) reaches the server only through the database:
// each test makes it through a second store handle on the same data directory, as `lede` would.

let h: LiveFeedHarness;
let other: SqliteStore | undefined;
afterEach(async () => {
  other?.close();
  other = undefined;
  await h?.close();
});

const otherProcess = () => (other = createSqliteStore(h.store.dir));

let n = 0;
async function account(plan: Plan) {
  const email = `acct-${++n}@example.test`;
  const created = await createKey(h.store, { email, plan, scopes: ["read", "ws:connect"] });
  return { ...created, email };
}

const appendItem = (title: string) => {
  const ts = Date.now();
  return h.store.events.append({
    ts,
    type: "item.new",
    clusterId: 0,
    articleId: null,
    payload: (id) => ({ type: "item.new", id, ts, data: { title, category: "world", source_id: "1" } }),
  });
};

describe("open connections follow revocation and plan changes made in another process", () => {
  it("closes a revoked key's subscribed connection with 4001 within 5 s", async () => {
    h = await liveFeedHarness();
    const a = await account("pro");
    const c = h.connect(`token=${a.key}`);
    expect(await c.subscribe({})).toMatchObject({ type: "subscribed" });
    await appendItem("before");
    await c.waitFor(() => c.events().length === 1);

    const started = Date.now();
    await otherProcess().keys.revoke(a.accountId, a.keyId, Date.now());
    const closed = await Promise.race([c.closed, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
    expect(closed?.code).toBe(CLOSE.auth);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(c.messages.at(-1)).toMatchObject({ type: "error", code: "invalid_api_key" });
    // Nothing logged after the revocation reaches it.
    await appendItem("after");
    await new Promise((r) => setTimeout(r, 200));
    expect(c.events().map((e) => (e.data as { title: string }).title)).toEqual(["before"]);
  });

  it("closes the old key's connection with 4001 when a rotation retires it at once", async () => {
    h = await liveFeedHarness();
    const a = await account("starter");
    const c = h.connect(`token=${a.key}`);
    await c.subscribe({});
    const secret = generateKey("live");
    const now = Date.now();
    const rotated = await otherProcess().keys.rotate(
      a.accountId,
      a.keyId,
      {
        id: generateKeyId(),
        accountId: a.accountId,
        name: "rotated",
        keyHash: hashKey(secret),
        prefix: keyPrefix(secret),
        scopes: ["read", "ws:connect"],
        createdAt: now,
        expiresAt: null,
      },
      now,
    );
    expect(rotated).toBe(true);
    expect((await c.closed).code).toBe(CLOSE.auth);
    // The replacement key connects.
    expect(await h.connect(`token=${secret}`).subscribe({})).toMatchObject({ type: "subscribed" });
  });

  it("closes the connection with 4003 after `set-tier --tier free`", async () => {
    h = await liveFeedHarness();
    const a = await account("pro");
    const c = h.connect(`token=${a.key}`);
    await c.subscribe({ include_embeddings: true });
    await setAccountPlanByEmail(otherProcess(), a.email, "free");
    const closed = await c.closed;
    expect(closed.code).toBe(CLOSE.forbidden);
    expect(c.messages.at(-1)).toMatchObject({ type: "error", code: "tier_required" });
  });

  it("ends a pro-only subscription with 4003 after a downgrade to starter, and keeps a plain one", async () => {
    h = await liveFeedHarness();
    const a = await account("business");
    const pro = h.connect(`token=${a.key}`);
    const plain = h.connect(`token=${a.key}`);
    expect(await pro.subscribe({ include_embeddings: true })).toMatchObject({ type: "subscribed" });
    expect(await plain.subscribe({ topics: ["articles"] })).toMatchObject({ type: "subscribed" });
    await setAccountPlanByEmail(otherProcess(), a.email, "starter");
    expect((await pro.closed).code).toBe(CLOSE.forbidden);
    expect(pro.messages.at(-1)).toMatchObject({ type: "error", code: "tier_required" });
    // Two more re-check rounds pass; the plain subscription still receives events.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(plain.ws.readyState).toBe(plain.ws.OPEN);
    await appendItem("still here");
    await plain.waitFor(() => plain.events().length === 1);
  });

  it("checks a subscribe against the plan the database holds now, not the one at connect", async () => {
    // The periodic re-check is held off, so only the subscribe's own check can refuse it.
    h = await liveFeedHarness({ gateway: { recheckIntervalMs: 3_600_000 } });
    const a = await account("pro");
    const c = h.connect(`token=${a.key}`);
    expect(await c.subscribe({})).toMatchObject({ type: "subscribed" });
    await setAccountPlanByEmail(otherProcess(), a.email, "starter");
    expect(await c.subscribe({ include_embeddings: true })).toMatchObject({
      type: "error",
      code: "tier_required",
    });
    expect(await c.subscribe({ topics: ["articles"] })).toMatchObject({ type: "subscribed" });
    await setAccountPlanByEmail(other!, a.email, "free");
    c.send({ type: "subscribe", filters: {} });
    expect((await c.closed).code).toBe(CLOSE.forbidden);
  });
});

describe("REST key checks in another process", () => {
  it("refuse a key revoked by another process within about a second", async () => {
    h = await liveFeedHarness();
    const a = await account("pro");
    expect(await h.keys.verify(a.key)).not.toBeNull();
    await otherProcess().keys.revoke(a.accountId, a.keyId, Date.now());
    const deadline = Date.now() + 2_500;
    while ((await h.keys.verify(a.key)) !== null) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
