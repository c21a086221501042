import { afterEach, describe, expect, it } from "vitest";

import type { EventDraft } from "../db/types";
import { tempStore } from "../testing/temp-store";
import { EventBus } from "./bus";
import { MAX_QUEUED, MAX_REPLAY, sseEventStream, StreamSlots, toSlimEvent } from "./sse-relay";

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
      ts: a.ts,
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

  it("replays only the newest events of an old resume, and tells the client where the replay starts", async () => {
    const bus = new EventBus();
    const store = tempStore();
    stores.push(store);
    const logged = [];
    for (let i = 0; i < MAX_REPLAY + 50; i++) logged.push(await store.events.append(draft("item.new", i)));
    const head = logged.at(-1)?.id ?? 0;
    const text = await readUntil(sseEventStream({ bus, events: store.events, afterId: 0 }), (t) =>
      ids(t).includes(head),
    );
    expect(ids(text)).toEqual(logged.slice(-MAX_REPLAY).map((e) => e.id));
    const note = /^event: replay_truncated\ndata: (.*)$/m.exec(text);
    expect(JSON.parse(note?.[1] ?? "null")).toEqual({ requested_after_id: 0, after_id: head - MAX_REPLAY });
    // A resume within the window replays everything it missed, with no note.
    const near = await readUntil(
      sseEventStream({ bus, events: store.events, afterId: head - 3, maxReplay: 10 }),
      (t) => ids(t).includes(head),
    );
    expect(ids(near)).toEqual(logged.slice(-3).map((e) => e.id));
    expect(near).not.toContain("replay_truncated");
  });

  it("drops a client that stops reading once more than MAX_QUEUED messages wait, freeing them", async () => {
    const bus = new EventBus();
    const store = tempStore();
    stores.push(store);
    let closed = 0;
    const stream = sseEventStream({ bus, events: store.events, onClose: () => closed++ });
    const event = (id: number) => ({
      id,
      ts: 1,
      type: "item.new",
      clusterId: 1,
      articleId: null,
      payload: {},
    });
    for (let id = 1; id < MAX_QUEUED; id++) bus.publish(event(id));
    expect(bus.size).toBe(1);
    for (let id = MAX_QUEUED; id <= MAX_QUEUED + 10; id++) bus.publish(event(id));
    expect(bus.size).toBe(0);
    expect(closed).toBe(1);
    // The queue is discarded: the reader gets the error, not a thousand stale messages.
    await expect(stream.getReader().read()).rejects.toThrow(/slow consumer/);
  });

  it("gives a slot back once, and refuses past the cap per user", () => {
    const slots = new StreamSlots(2);
    const a = slots.acquire(1);
    const b = slots.acquire(1);
    expect(a && b).toBeTruthy();
    expect(slots.acquire(1)).toBeNull();
    expect(slots.acquire(2)).not.toBeNull();
    a?.();
    a?.();
    expect(slots.held(1)).toBe(1);
    expect(slots.acquire(1)).not.toBeNull();
  });
});
