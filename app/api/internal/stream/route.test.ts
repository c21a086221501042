import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setAppContext, type AppContext } from "@/lib/context";
import { EventBus } from "@/lib/events/bus";

import { internal, testSessionDeps } from "../session-testing";
import { GET } from "./route";

let t: ReturnType<typeof testSessionDeps>;
let bus: EventBus;
beforeEach(() => {
  t = testSessionDeps();
  bus = new EventBus();
  // The route reads the bus, the store, the environment and the log from the process's context; this one holds
  // only what it uses (no Redis: streams are counted in the process).
  setAppContext(Promise.resolve({ bus, store: t.store, env: {}, log: t.deps.log } as unknown as AppContext));
});
afterEach(() => t.cleanup());

async function firstMessages(res: Response, count: number): Promise<string> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let text = "";
  while ((text.match(/^id: /gm) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return text;
}

const append = (type: string, clusterId: number) =>
  t.store.events.append({ ts: 5, type, clusterId, articleId: null, payload: () => ({ type }) });

describe("GET /api/internal/stream", () => {
  it("refuses a request without a session with the contract's 401 body", async () => {
    const res = await GET(internal("/api/internal/stream"));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("rejects an unknown event type", async () => {
    const me = await t.signIn();
    const res = await GET(internal("/api/internal/stream?types=item.new,nope", { cookie: me.cookie }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_parameter");
  });

  it("streams the requested event types to a signed-in user, resuming after Last-Event-ID", async () => {
    const me = await t.signIn();
    const missed = await append("cluster.event", 1);
    const skipped = await append("item.enriched", 1);
    const res = await GET(
      internal("/api/internal/stream?types=cluster.event,item.new", {
        cookie: me.cookie,
        headers: { "last-event-id": String(missed.id - 1) },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const live = await append("item.new", 2);
    bus.publish(missed);
    bus.publish(skipped);
    bus.publish(live);
    const text = await firstMessages(res, 2);
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([missed.id, live.id]);
    // ts is the time the event entered the log, not the one its producer gave.
    expect(text).toContain(`"type":"item.new","ts":${live.ts},"cluster_id":2`);
  });

  it("holds a user to 5 open streams: the 6th gets 429, a closed one frees its slot, others are unaffected", async () => {
    const me = await t.signIn();
    const open = async (cookie: string) => GET(internal("/api/internal/stream?since=0", { cookie }));
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const res = await open(me.cookie);
      expect(res.status).toBe(200);
      streams.push(res);
    }
    const sixth = await open(me.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBe("30");
    const body = (await sixth.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/at most 5 live streams/);
    const someoneElse = await open((await t.signIn()).cookie);
    expect(someoneElse.status).toBe(200);
    await someoneElse.body?.cancel();
    await streams.pop()?.body?.cancel();
    const again = await open(me.cookie);
    expect(again.status).toBe(200);
    for (const res of [...streams, again]) await res.body?.cancel();
    const last = await open(me.cookie);
    expect(last.status).toBe(200);
    await last.body?.cancel();
  });
});
