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

/** Streams one signed-in user may hold open at once (over every instance that shares Redis, else in this process). */
export const MAX_STREAMS_PER_USER = 5;
/** Missed events a resume replays at most: only the newest this many are sent. */
export const MAX_REPLAY = 200;
/** Messages a stream may have waiting for a client that does not read before it is dropped (as /ws, §8.6). */
export const MAX_QUEUED = 1000;

/** Counts open dashboard streams per user: `acquire` gives a release function, or null at the cap. */
export interface StreamSlotCounter {
  acquire(userId: number): (() => void) | null | Promise<(() => void) | null>;
  close?(): Promise<void>;
}

/**
 * Open dashboard streams per user, in this process. Kept on the process's global object: the custom server and Next's route
 * bundle may load separate copies of this module, and the cap must hold across them.
 */
export class StreamSlots implements StreamSlotCounter {
  private open = new Map<number, number>();

  constructor(private readonly max = MAX_STREAMS_PER_USER) {}

  /** Takes a slot for the user; the returned function gives it back (once). Null when the user holds `max`. */
  acquire(userId: number): (() => void) | null {
    const n = this.open.get(userId) ?? 0;
    if (n >= this.max) return null;
    this.open.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left <= 0) this.open.delete(userId);
      else this.open.set(userId, left);
    };
  }

  held(userId: number): number {
    return this.open.get(userId) ?? 0;
  }
}

const SLOTS = Symbol.for("lede.sseStreamSlots");
/** The process's stream counter, made by `make` on first use (in this process unless told otherwise). */
export function streamSlots(make: () => StreamSlotCounter = () => new StreamSlots()): StreamSlotCounter {
  const g = globalThis as { [SLOTS]?: StreamSlotCounter };
  return (g[SLOTS] ??= make());
}

export interface SseRelayOptions {
  bus: EventBus;
  events: Pick<EventRepo, "after" | "lastId">;
  /** Resume after this event id (the client's `Last-Event-ID`): missed events are replayed first. */
  afterId?: number;
  /** Only these event types; every type when absent. */
  types?: ReadonlySet<string>;
  /**
   * At most this many missed events are replayed (default MAX_REPLAY): a resume from further back starts at the
   * newest ones, and a `replay_truncated` message (`{requested_after_id, after_id}`) tells the client where the
   * replay starts instead (it refetches anyway).
   */
  maxReplay?: number;
  /** A client that leaves more than this many messages unread is dropped (default MAX_QUEUED). */
  maxQueued?: number;
  /** Called once when the stream ends, however it ends (to give back its slot). */
  onClose?: () => void;
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
      const maxQueued = o.maxQueued ?? MAX_QUEUED;
      const write = (text: string) => {
        if (closed) return;
        // desiredSize is 1 minus the messages queued: a reader that has stopped reading lets it fall.
        if ((controller.desiredSize ?? 0) < 1 - maxQueued) return finish(new Error("slow consumer"));
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
      function finish(failure?: Error) {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        o.signal?.removeEventListener("abort", onAbort);
        try {
          // An error discards the queued messages at once; a close would keep them for a reader that never comes.
          if (failure) controller.error(failure);
          else controller.close();
        } catch {
          // already closed by the reader going away
        }
        o.onClose?.();
      }
      cleanup = finish;
      if (o.signal?.aborted) return finish();
      o.signal?.addEventListener("abort", onAbort);
      // A reconnect comes back within 3 s; the first message tells the browser so.
      write(`retry: 3000\n: connected\n\n`);
      if (pending) {
        void replay(o, lastId)
          .then(({ missed, skipped, from }) => {
            if (skipped > 0) {
              const note = { requested_after_id: lastId, after_id: from };
              write(`event: replay_truncated\ndata: ${JSON.stringify(note)}\n\n`);
            }
            missed.forEach(send);
          })
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

/** The events after `afterId`, from `head - maxReplay` on when that is later; `skipped`: the ids left out. */
async function replay(
  o: SseRelayOptions,
  afterId: number,
): Promise<{ missed: StoredEvent[]; skipped: number; from: number }> {
  const max = o.maxReplay ?? MAX_REPLAY;
  const head = await o.events.lastId();
  const start = Math.max(afterId, head - max);
  const out: StoredEvent[] = [];
  let from = start;
  while (out.length < max) {
    const batch = await o.events.after(from, Math.min(500, max - out.length));
    out.push(...batch);
    if (batch.length === 0) break;
    from = batch.at(-1)?.id ?? from;
  }
  return { missed: out, skipped: start - afterId, from: start };
}
