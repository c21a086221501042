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
  // The route reads the bus and the log from the process's context; this one holds only what it uses.
  setAppContext(Promise.resolve({ bus, store: t.store } as unknown as AppContext));
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
    expect(text).toContain('"type":"item.new","ts":5,"cluster_id":2');
  });
});
