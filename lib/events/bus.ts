import type { ArticleVector } from "../db/store";
import type { StoredEvent } from "../db/types";

/** A logged event on its way to live subscribers, with the article's embedding when it has one. */
export interface LiveEvent extends StoredEvent {
  vector?: ArticleVector | null;
}

/** `remote`: the event comes from another instance's log (through Redis), not from this process's log. */
export type EventListener = (event: LiveEvent, remote: boolean) => void;

/**
 * In-process fan-out of committed events to live subscribers (the WebSocket gateway). Events of this process's
 * log arrive through `publish`, in id order, once each; events of other logs (other instances, see RedisRelay)
 * through `deliverRemote`. Without Redis the bus is the whole fan-out.
 */
export class EventBus {
  private listeners = new Set<EventListener>();
  /** The last id of this process's log handed to subscribers. */
  lastPublishedId = 0;

  subscribe(fn: EventListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  publish(event: LiveEvent): void {
    if (event.id <= this.lastPublishedId) return;
    this.lastPublishedId = event.id;
    this.emit(event, false);
  }

  deliverRemote(event: LiveEvent): void {
    this.emit(event, true);
  }

  private emit(event: LiveEvent, remote: boolean): void {
    for (const fn of this.listeners) {
      try {
        fn(event, remote);
      } catch {
        // A failing subscriber must not stop delivery to the others; the gateway handles its own errors.
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
