import { afterEach, describe, expect, it } from "vitest";

import type { EventDraft } from "../db/types";
import { tempStore } from "../testing/temp-store";
import { EventBus } from "./bus";
import { sseEventStream, toSlimEvent } from "./sse-relay";

const stores: Array<ReturnType<typeof tempStore>> = [];
afterEach(() => stores.splice(0).forEach((s) => s.cleanup()));

const draft = (type: string, clusterId: number, payload?: Record<string, unknown>): EventDraft => ({
  ts: 1_000,
  type,
  clusterId,
  articleId: null,
  payload: () => payload ?? { type, data: { cluster_id: clusterId } },
});

/** Reads the stream's text until `done` says it has enough (or 2 s pass). */
async function readUntil(stream: ReadableStream<Uint8Array>, done: (text: string) => boolean) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 2_000;
  while (!done(text) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value);
  }
  await reader.cancel();
  return text;
}

const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

describe("sseEventStream", () => {
  it("relays published events as SSE messages with ids, skipping other instances' events", async () => {
    const bus = new EventBus();
    const store = tempStore();
    stores.push(store);
    const stream = sseEventStream({ bus, events: store.events });
    const a = await store.events.append(
      draft("cluster.event", 7, {
        type: "cluster.event",
        data: { action: "merge", cluster_id: 7, detail: { merged_cluster_ids: [3, 4] } },
      }),
    );
    bus.publish(a);
    bus.deliverRemote({ ...a, id: 999 });
    const b = await store.events.append(draft("item.new", 7));
    bus.publish(b);
    const text = await readUntil(stream, (t) => ids(t).includes(b.id));
    expect(text.startsWith("retry: 3000\n")).toBe(true);
    expect(ids(text)).toEqual([a.id, b.id]);
    expect(text).toContain("event: cluster.event\n");
    const first = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? "null") as unknown;
    expect(first).toEqual({
      id: a.id,
      type: "cluster.event",
      ts: 1_000,
      cluster_id: 7,
      article_id: null,
      action: "merge",
      merged_cluster_ids: [3, 4],
    });
  });

  it("replays what a reconnecting client missed, then live events, none twice and in order", async () => {
    const bus = new EventBus();
    const store = tempStore();
    stores.push(store);
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await store.events.append(draft("item.new", i + 1)));
    // The bus already published the last of them when the client comes back after the second.
    for (const e of seen) bus.publish(e);
    const stream = sseEventStream({ bus, events: store.events, afterId: seen[1]?.id });
    bus.publish(seen[4] as (typeof seen)[number]);
    const live = await store.events.append(draft("story.development", 9));
    bus.publish(live);
    const text = await readUntil(stream, (t) => ids(t).includes(live.id));
    expect(ids(text)).toEqual([seen[2]?.id, seen[3]?.id, seen[4]?.id, live.id]);
  });

  it("filters by type and stops listening when the client goes away", async () => {
    const bus = new EventBus();
    const store = tempStore();
    stores.push(store);
    const abort = new AbortController();
    const stream = sseEventStream({
      bus,
      events: store.events,
      types: new Set(["story.development"]),
      signal: abort.signal,
    });
    expect(bus.size).toBe(1);
    bus.publish(await store.events.append(draft("item.new", 1)));
    const dev = await store.events.append(draft("story.development", 1));
    bus.publish(dev);
    const text = await readUntil(stream, (t) => ids(t).length > 0);
    expect(ids(text)).toEqual([dev.id]);
    abort.abort();
    expect(bus.size).toBe(0);
  });

  it("ends the stream after its lifetime, so the browser reconnects", async () => {
    const bus = new EventBus();
    const store = tempStore();
    stores.push(store);
    const reader = sseEventStream({ bus, events: store.events, lifetimeMs: 20 }).getReader();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(bus.size).toBe(0);
  });

  it("reads a cluster.event without a detail", () => {
    expect(
      toSlimEvent({
        id: 1,
        ts: 2,
        type: "cluster.event",
        clusterId: 3,
        articleId: null,
        payload: { data: { action: "create" } },
      }),
    ).toEqual({ id: 1, type: "cluster.event", ts: 2, cluster_id: 3, article_id: null, action: "create" });
  });
});
