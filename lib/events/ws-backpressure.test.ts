import { afterEach, describe, expect, it } from "vitest";

import type { LiveEvent } from "./bus";
import { liveFeedHarness, waitUntil, type LiveFeedHarness } from "./testing/live-feed-harness";
import { CLOSE } from "./ws-gateway";

let h: LiveFeedHarness;
afterEach(async () => h?.close());

const BODY = "x".repeat(16 * 1024);
let nextId = 1;
const bigEvent = (): LiveEvent => {
  const id = nextId++;
  return {
    id,
    ts: id,
    type: "item.new",
    clusterId: 0,
    articleId: null,
    payload: { type: "item.new", id, ts: id, data: { title: `event ${id}`, excerpt: BODY } },
  };
};
const tick = () => new Promise((r) => setImmediate(r));

describe("slow consumers", () => {
  it("closes a client that never reads with 1008, and server memory stays bounded while events keep coming", async () => {
    h = await liveFeedHarness();
    const slow = h.connect(`token=${await h.key("starter")}`);
    await slow.subscribe({});
    // The client stops reading from its socket: kernel buffers fill, then the server's queue.
    slow.ws.pause();
    const before = process.memoryUsage().rss;
    let peak = before;
    const total = 20_000; // 20,000 × 16 KiB = 320 MiB offered to the stuck client
    let closedAt = -1;
    for (let i = 0; i < total; i++) {
      h.bus.publish(bigEvent());
      if (closedAt < 0 && h.realtime.gateway?.size === 0) closedAt = i;
      if (i % 200 === 0) {
        await tick();
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    expect(closedAt).toBeGreaterThan(0);
    // The bound: 1,000 queued messages plus socket buffers, far below what was offered.
    expect(closedAt).toBeLessThan(total / 2);
    expect(peak - before).toBeLessThan(96 * 1024 * 1024);
    // Reading again, the client gets what was queued for it, then the close frame.
    slow.ws.resume();
    expect((await slow.closed).code).toBe(CLOSE.policy);
    // It had the 1,000 queued messages (plus what sat in socket buffers) and nothing published after the close.
    expect(slow.events().length).toBeGreaterThanOrEqual(1_000);
    expect(slow.events().length).toBeLessThanOrEqual(closedAt);
  });

  it("keeps delivering to clients that keep up while another one is stuck", async () => {
    h = await liveFeedHarness({ gateway: { maxQueued: 50 } });
    const key = await h.key("pro");
    const slow = h.connect(`token=${key}`);
    const fast = h.connect(`token=${key}`);
    await Promise.all([slow.subscribe({}), fast.subscribe({})]);
    slow.ws.pause();
    const sent: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const e = bigEvent();
      sent.push(e.id);
      h.bus.publish(e);
      if (i % 10 === 0) await tick();
    }
    await fast.waitFor(() => fast.events().length === sent.length, 15_000);
    expect(fast.events().map((e) => e.id)).toEqual(sent);
    await waitUntil(() => h.realtime.gateway?.size === 1);
    slow.ws.resume();
    expect((await slow.closed).code).toBe(CLOSE.policy);
  });
});
