import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { vec } from "./testing/filter-fixtures";
import { liveFeedHarness, type FeedClient, type LiveFeedHarness } from "./testing/live-feed-harness";
import { startRedis, type TestRedis } from "./testing/redis-server";

let redis: TestRedis;
let open: LiveFeedHarness[] = [];
let watcher: Redis | undefined;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => redis?.stop());
afterEach(async () => {
  watcher?.disconnect();
  watcher = undefined;
  // Instances sharing a directory close before the one that owns (and removes) it.
  for (const h of open.reverse()) await h.close();
  open = [];
});

async function instance(dataDir?: string): Promise<LiveFeedHarness> {
  const h = await liveFeedHarness({ redisUrl: redis.url, dataDir, tailIntervalMs: 50 });
  open.push(h);
  return h;
}

/** Counts what the relay puts on the Redis channel, per event id. */
async function watchChannel(): Promise<Map<number, number>> {
  const seen = new Map<number, number>();
  watcher = new Redis(redis.url);
  watcher.on("message", (_ch: string, msg: string) => {
    const id = (JSON.parse(msg) as { event: { id: number } }).event.id;
    seen.set(id, (seen.get(id) ?? 0) + 1);
  });
  await watcher.subscribe("lede:events");
  return seen;
}

const append = (h: LiveFeedHarness, title: string) =>
  h.store.events.append({
    ts: Date.now(),
    type: "story.development",
    clusterId: 1,
    articleId: null,
    payload: (id) => ({
      type: "story.development",
      id,
      ts: Date.now(),
      data: { cluster_id: 1, headline: title },
    }),
  });

const titles = (c: FeedClient) => c.events().map((m) => (m.data as { headline: string }).headline);
const settle = () => new Promise((r) => setTimeout(r, 400));

async function subscriber(h: LiveFeedHarness, filters: object = {}, email = "shared@example.test") {
  const c = h.connect(`token=${await h.key("business", ["read", "ws:connect"], email)}`);
  expect(await c.subscribe(filters)).toMatchObject({ type: "subscribed" });
  return c;
}

describe("two instances sharing Redis", () => {
  it("deliver an event appended on either one to subscribers on both, once each (separate data directories)", async () => {
    const a = await instance();
    const b = await instance();
    expect(a.realtime.relay?.localLog).not.toBe(b.realtime.relay?.localLog);
    const onA = await subscriber(a);
    const onB = await subscriber(b);
    await append(a, "from A");
    await onB.waitFor(() => onB.events().length === 1);
    await append(b, "from B");
    await onA.waitFor(() => onA.events().length === 2);
    await onB.waitFor(() => onB.events().length === 2);
    await settle();
    expect(titles(onA)).toEqual(["from A", "from B"]);
    expect(titles(onB)).toEqual(["from A", "from B"]);
  });

  it("deliver once per subscriber when both tail one shared log, which Redis carries once per event", async () => {
    const seen = await watchChannel();
    const a = await instance();
    const b = await instance(a.store.dir);
    expect(b.realtime.relay?.localLog).toBe(a.realtime.relay?.localLog);
    // A third instance on its own database hears the shared log only through Redis.
    const c = await instance();
    const subs = [await subscriber(a), await subscriber(b), await subscriber(c)];
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await append(i % 2 ? a : b, `event ${i}`)).id);
    for (const s of subs) await s.waitFor(() => s.events().length === 20);
    await settle();
    for (const s of subs) expect(s.events().map((m) => m.id)).toEqual(ids);
    expect([...seen.entries()].sort((x, y) => x[0] - y[0])).toEqual(ids.map((id) => [id, 1]));
  });

  it("carry the article embedding, so remote subscribers get include_embeddings and embedding filters", async () => {
    const a = await instance();
    const b = await instance();
    const onB = await subscriber(b, {
      include_embeddings: true,
      embedding_filters: [{ embedding: Array.from(vec({ 0: 1 })), threshold: 0.9, label: "axis" }],
    });
    // The vector is stored before the event is appended, as the enrichment stage does.
    a.store.db
      .prepare("INSERT INTO article_vectors (rowid, embedding) VALUES (?, ?)")
      .run(BigInt(99), Buffer.from(vec({ 0: 1 }).buffer));
    const e = await a.store.events.append({
      ts: Date.now(),
      type: "item.enriched",
      clusterId: 0,
      articleId: 99,
      payload: (id) => ({
        type: "item.enriched",
        id,
        ts: Date.now(),
        entity_ids: [],
        data: { title: "on axis", source_id: "1" },
      }),
    });
    const [got] = await onB.waitFor(() => (onB.events().length === 1 ? onB.events() : undefined));
    expect(got).toMatchObject({ id: e.id, similarity: 1, matched_filter: "axis" });
    expect(got?.embedding).toEqual(Array.from(vec({ 0: 1 })));
  });
});
