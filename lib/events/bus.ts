import type { StoredEvent } from "../db/types";

export type EventListener = (event: StoredEvent) => void;

/** In-process fan-out of committed events to live subscribers (the WebSocket gateway). */
export class EventBus {
  private listeners = new Set<EventListener>();
  lastPublishedId = 0;

  subscribe(fn: EventListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  publish(event: StoredEvent): void {
    if (event.id <= this.lastPublishedId) return;
    this.lastPublishedId = event.id;
    for (const fn of this.listeners) {
      try {
        fn(event);
      } catch {
        // A failing subscriber must not stop delivery to the others; the gateway handles its own errors.
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
