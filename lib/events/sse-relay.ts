import type { EventRepo } from "../db/store";
import type { StoredEvent } from "../db/types";
import type { EventBus } from "./bus";

/** What a dashboard tab needs to know of an event: which story or article moved, never the payload itself. */
export interface SlimEvent {
  id: number;
  type: string;
  ts: number;
  cluster_id: number;
  article_id: number | null;
  /** `cluster.event` only: create, merge, split or split_created. */
  action?: string;
  /** `cluster.event` merge only: the stories merged away. */
  merged_cluster_ids?: number[];
}

export function toSlimEvent(e: StoredEvent): SlimEvent {
  const out: SlimEvent = {
    id: e.id,
    type: e.type,
    ts: e.ts,
    cluster_id: e.clusterId,
    article_id: e.articleId,
  };
  if (e.type === "cluster.event") {
    const data = (e.payload?.data ?? {}) as { action?: unknown; detail?: { merged_cluster_ids?: unknown } };
    if (typeof data.action === "string") out.action = data.action;
    const merged = data.detail?.merged_cluster_ids;
    if (Array.isArray(merged))
      out.merged_cluster_ids = merged.filter((x): x is number => typeof x === "number");
  }
  return out;
}

/** One Server-Sent Events message; the event id lets a reconnecting EventSource resume (`Last-Event-ID`). */
export function sseMessage(e: SlimEvent): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
}

export interface SseRelayOptions {
  bus: EventBus;
  events: Pick<EventRepo, "after">;
  /** Resume after this event id (the client's `Last-Event-ID`): missed events are replayed first. */
  afterId?: number;
  /** Only these event types; every type when absent. */
  types?: ReadonlySet<string>;
  /** At most this many missed events are replayed; older ones are skipped (the client refetches anyway). */
  maxReplay?: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** The stream ends after this long; EventSource reconnects on its own, resuming from the last id. */
  lifetimeMs?: number;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

const encoder = new TextEncoder();

/**
 * A text/event-stream body relaying the event bus: this process's log, in id order, once each. Events of other
 * instances' logs (through Redis) are left out: their ids belong to another database than the one the dashboard
 * reads. Subscribes before it replays, and holds live events back until the replay is out, so a resume has no gap
 * and no repeat.
 */
export function sseEventStream(o: SseRelayOptions): ReadableStream<Uint8Array> {
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastId = o.afterId ?? 0;
      let pending: StoredEvent[] | null = o.afterId !== undefined ? [] : null;
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const send = (e: StoredEvent) => {
        if (e.id <= lastId) return;
        lastId = e.id;
        if (!o.types || o.types.has(e.type)) write(sseMessage(toSlimEvent(e)));
      };
      const unsubscribe = o.bus.subscribe((e, remote) => {
        if (remote) return;
        if (pending) pending.push(e);
        else send(e);
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), o.heartbeatMs ?? 15_000);
      const lifetime = setTimeout(() => finish(), o.lifetimeMs ?? 5 * 60_000);
      const onAbort = () => finish();
      function finish() {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        o.signal?.removeEventListener("abort", onAbort);
        try {
          controller.close();
        } catch {
          // already closed by the reader going away
        }
      }
      cleanup = finish;
      if (o.signal?.aborted) return finish();
      o.signal?.addEventListener("abort", onAbort);
      // A reconnect comes back within 3 s; the first message tells the browser so.
      write(`retry: 3000\n: connected\n\n`);
      if (pending) {
        void replay(o, lastId)
          .then((missed) => missed.forEach(send))
          .catch(() => undefined)
          .finally(() => {
            const held = pending ?? [];
            pending = null;
            held.forEach(send);
          });
      }
    },
    cancel() {
      cleanup();
    },
  });
}

async function replay(o: SseRelayOptions, afterId: number): Promise<StoredEvent[]> {
  const max = o.maxReplay ?? 1000;
  const out: StoredEvent[] = [];
  let from = afterId;
  while (out.length < max) {
    const batch = await o.events.after(from, Math.min(500, max - out.length));
    out.push(...batch);
    if (batch.length === 0) break;
    from = batch.at(-1)?.id ?? from;
  }
  return out;
}
