import { Writable } from "node:stream";

import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { createKey } from "../keys/create-key";
import { DEFAULT_DEMO_KEY, hashKey } from "../keys/key-format";
import { ensureDemoKey } from "../keys/verify-key";
import { testSource } from "../testing/temp-store";
import { liveFeedHarness, waitUntil, type LiveFeedHarness } from "./testing/live-feed-harness";
import { CLOSE } from "./ws-gateway";

let h: LiveFeedHarness;
afterEach(async () => h?.close());

const appendItem = (title: string, ts = Date.now()) =>
  h.store.events.append({
    ts,
    type: "item.new",
    clusterId: 0,
    articleId: null,
    payload: (id) => ({ type: "item.new", id, ts, data: { title, category: "world", source_id: "1" } }),
  });

describe("connecting to /ws", () => {
  it("closes with 4001 after an error message for a missing, malformed, unknown or revoked key", async () => {
    h = await liveFeedHarness();
    const missing = h.connect();
    expect((await missing.closed).code).toBe(CLOSE.auth);
    expect(missing.messages).toEqual([
      expect.objectContaining({ type: "error", code: "missing_api_key", error: expect.any(String) }),
    ]);
    for (const token of ["nope", `lede_live_${"0".repeat(64)}`]) {
      const bad = h.connect(`token=${token}`);
      expect((await bad.closed).code).toBe(CLOSE.auth);
      expect(bad.messages[0]).toMatchObject({ type: "error", code: "invalid_api_key" });
    }
    const created = await createKey(h.store, {
      email: "gone@example.test",
      plan: "pro",
      scopes: ["ws:connect"],
    });
    await h.store.keys.revoke(created.accountId, created.keyId, Date.now());
    h.keys.invalidate(hashKey(created.key));
    const revoked = h.connect(`token=${created.key}`);
    expect((await revoked.closed).code).toBe(CLOSE.auth);
  });

  it("closes with 4003 for a free plan, the demo key, a key without ws:connect, or a downgraded account", async () => {
    h = await liveFeedHarness();
    await ensureDemoKey(h.store, DEFAULT_DEMO_KEY);
    const cases: Array<[string, string]> = [
      [await h.key("free"), "tier_required"],
      [DEFAULT_DEMO_KEY, "tier_required"],
      [await h.key("pro", ["read"]), "insufficient_scope"],
    ];
    const downgraded = await createKey(h.store, {
      email: "down@example.test",
      plan: "starter",
      scopes: ["ws:connect"],
    });
    await h.store.accounts.setPlan(downgraded.accountId, "free");
    cases.push([downgraded.key, "tier_required"]);
    for (const [token, code] of cases) {
      const c = h.connect(`token=${token}`);
      expect((await c.closed).code).toBe(CLOSE.forbidden);
      expect(c.messages[0]).toMatchObject({ type: "error", code });
    }
  });

  it("accepts the key in an Authorization header", async () => {
    h = await liveFeedHarness();
    const c = h.connect("", { Authorization: `Bearer ${await h.key("starter")}` });
    expect(await c.subscribe({})).toMatchObject({ type: "subscribed" });
  });

  it("holds the account to its plan's concurrent connections (4029), across its keys, and frees closed slots", async () => {
    h = await liveFeedHarness();
    const email = "cap@example.test";
    const first = await h.key("starter", ["read", "ws:connect"], email);
    const second = await h.key("starter", ["read", "ws:connect"], email);
    const a = h.connect(`token=${first}`);
    const b = h.connect(`token=${second}`);
    await Promise.all([a.subscribe(), b.subscribe()]);
    const c = h.connect(`token=${first}`);
    expect((await c.closed).code).toBe(CLOSE.tooMany);
    expect(c.messages[0]).toMatchObject({ type: "error", code: "too_many_connections" });
    // Another account is not affected.
    expect(await h.connect(`token=${await h.key("starter")}`).subscribe()).toMatchObject({
      type: "subscribed",
    });
    a.ws.close(1000);
    await a.closed;
    await waitUntil(() => h.realtime.gateway?.size === 2);
    expect(await h.connect(`token=${first}`).subscribe()).toMatchObject({ type: "subscribed" });
  });

  it("refuses simultaneous upgrades past the cap, not only sequential ones", async () => {
    h = await liveFeedHarness();
    const key = await h.key("starter");
    const clients = Array.from({ length: 6 }, () => h.connect(`token=${key}`));
    await waitUntil(() => clients.filter((c) => c.messages.length > 0 || c.ws.readyState > 1).length >= 4);
    const codes = await Promise.all(
      clients.map((c) => Promise.race([c.closed.then((x) => x.code), c.subscribe().then(() => 0)])),
    );
    expect(codes.filter((x) => x === 0)).toHaveLength(2);
    expect(codes.filter((x) => x === CLOSE.tooMany)).toHaveLength(4);
  });

  it("never writes the token to the logs", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    h = await liveFeedHarness({ log: pino({ level: "trace" }, sink) });
    const key = await h.key("starter");
    const bad = `lede_live_${"a".repeat(64)}`;
    await h.connect(`token=${bad}`).closed;
    await h.connect(`token=${key}&since_id=1`).subscribe();
    await waitUntil(() => lines.some((l) => l.includes("[redacted]")));
    const all = lines.join("");
    expect(all).not.toContain(bad);
    expect(all).not.toContain(key);
  });
});

describe("messages", () => {
  it("answers ping with pong, reports bad messages without dropping the subscription", async () => {
    h = await liveFeedHarness();
    const c = h.connect(`token=${await h.key("starter")}`);
    await c.subscribe({ keywords: ["volcano"] });
    c.send({ type: "ping" });
    c.send("not json");
    c.send({ type: "unsubscribe" });
    await c.waitFor(() => c.messages.filter((m) => m.type !== "subscribed").length >= 3);
    expect(c.messages.slice(1, 4)).toEqual([
      { type: "pong", ts: expect.any(Number) },
      expect.objectContaining({ type: "error", code: "invalid_message" }),
      expect.objectContaining({ type: "error", code: "invalid_message" }),
    ]);
    await appendItem("Volcano erupts");
    await c.waitFor(() => c.events().length === 1);
    expect(c.events()[0]).toMatchObject({ type: "item.new", data: { title: "Volcano erupts" } });
  });

  it("rejects invalid filters and pro-only fields below pro, keeping the previous subscription", async () => {
    h = await liveFeedHarness();
    const c = h.connect(`token=${await h.key("starter")}`);
    await c.subscribe({ keywords: ["volcano"] });
    expect(await c.subscribe({ topics: ["weather"] })).toMatchObject({
      type: "error",
      code: "invalid_filter",
    });
    expect(await c.subscribe({ embedding_filters: [{ embedding: [1, 2] }] })).toMatchObject({
      type: "error",
      code: "invalid_filter",
      error: expect.stringContaining("1536"),
    });
    expect(await c.subscribe({ include_embeddings: true })).toMatchObject({
      type: "error",
      code: "tier_required",
    });
    const tooMany = Array.from({ length: 11 }, () => ({ embedding: Array(1536).fill(0.1) }));
    const pro = h.connect(`token=${await h.key("pro")}`);
    expect(await pro.subscribe({ embedding_filters: tooMany })).toMatchObject({ code: "invalid_filter" });
    expect(
      await pro.subscribe({ embedding_filters: [{ embedding: Array(1536).fill(0.1), threshold: 0.4 }] }),
    ).toMatchObject({ code: "invalid_filter" });
    await appendItem("Volcano erupts");
    await appendItem("Markets calm");
    await c.waitFor(() => c.events().length === 1);
    expect(c.events().map((e) => (e.data as { title: string }).title)).toEqual(["Volcano erupts"]);
  });

  it("replaces the filters on every subscribe and limits subscribes to 10 a minute", async () => {
    h = await liveFeedHarness();
    const c = h.connect(`token=${await h.key("starter")}`);
    expect(await c.subscribe({ keywords: ["volcano"], keyword: "flood", categories: ["World"] })).toEqual({
      type: "subscribed",
      filters: { keywords: ["volcano", "flood"], categories: ["world"] },
    });
    await c.subscribe({ keywords: ["markets"] });
    await appendItem("Volcano erupts");
    await appendItem("Markets calm");
    await c.waitFor(() => c.events().length === 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(c.events().map((e) => (e.data as { title: string }).title)).toEqual(["Markets calm"]);
    for (let i = 0; i < 8; i++) await c.subscribe({});
    expect(await c.subscribe({})).toMatchObject({ type: "error", code: "rate_limited" });
  });

  it("closes with 1009 on a message over 1 MiB", async () => {
    h = await liveFeedHarness();
    const c = h.connect(`token=${await h.key("starter")}`);
    await c.subscribe({});
    c.send({ type: "subscribe", filters: { keywords: ["x".repeat(1024 * 1024)] } });
    expect((await c.closed).code).toBe(CLOSE.tooBig);
  });

  it("sends nothing before the first subscribe", async () => {
    h = await liveFeedHarness();
    const c = h.connect(`token=${await h.key("starter")}`);
    await c.opened;
    await appendItem("Unseen");
    await h.tailer.poke();
    await new Promise((r) => setTimeout(r, 100));
    expect(c.messages).toEqual([]);
  });
});

describe("resume with since_id", () => {
  it("sends the missed matching events first, then live ones, each once and in order", async () => {
    h = await liveFeedHarness();
    const key = await h.key("starter");
    const first = await appendItem("Volcano one");
    await appendItem("Markets");
    await appendItem("Volcano two");
    await h.tailer.poke();
    const c = h.connect(`token=${key}&since_id=${first.id - 1}`);
    await c.subscribe({ keywords: ["volcano"] });
    await appendItem("Volcano three");
    await c.waitFor(() => c.events().length === 3);
    await new Promise((r) => setTimeout(r, 150));
    expect(c.events().map((e) => (e.data as { title: string }).title)).toEqual([
      "Volcano one",
      "Volcano two",
      "Volcano three",
    ]);
    const ids = c.events().map((e) => e.id as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("reports resume_gap_too_large past 1,000 missed events and continues live", async () => {
    h = await liveFeedHarness();
    await testSource(h.store);
    for (let i = 0; i < 1001; i++) await appendItem(`old ${i}`);
    await h.tailer.poke();
    const c = h.connect(`token=${await h.key("starter")}&since_id=0`);
    await c.subscribe({});
    await c.waitFor(() => c.messages.find((m) => m.code === "resume_gap_too_large"));
    await appendItem("fresh");
    await c.waitFor(() => c.events().length === 1);
    expect(c.events()[0]).toMatchObject({ data: { title: "fresh" } });
  });
});

describe("heartbeat and shutdown", () => {
  it("pings clients and closes a connection silent past the idle timeout with 4008", async () => {
    h = await liveFeedHarness({ gateway: { pingIntervalMs: 40, idleTimeoutMs: 200 } });
    const key = await h.key("starter");
    const alive = h.connect(`token=${key}`);
    let pings = 0;
    alive.ws.on("ping", () => pings++);
    // ws answers server pings with pongs automatically, so this client stays; the silent one does not.
    const silent = h.connect(`token=${key}`);
    await Promise.all([alive.opened, silent.opened]);
    // Stop the silent client from answering pings: its pongs are what would keep it alive.
    (silent.ws as unknown as { pong: () => void }).pong = () => undefined;
    expect((await silent.closed).code).toBe(CLOSE.heartbeat);
    expect(pings).toBeGreaterThan(3);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
  });

  it("publishes what the log holds, then closes every socket with 1001 and refuses new upgrades", async () => {
    h = await liveFeedHarness({ tailIntervalMs: 60_000 });
    const c = h.connect(`token=${await h.key("starter")}`);
    await c.subscribe({});
    await appendItem("appended just before shutdown");
    await h.realtime.close();
    expect((await c.closed).code).toBe(CLOSE.goingAway);
    expect(c.events().map((e) => (e.data as { title: string }).title)).toEqual([
      "appended just before shutdown",
    ]);
    const late = h.connect(`token=${await h.key("starter")}`);
    await expect(late.opened).rejects.toThrow(/503/);
  });
});
