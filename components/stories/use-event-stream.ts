"use client";

import { useEffect, useRef, useState } from "react";

import type { SlimEvent } from "@/lib/events/sse-relay";

export type StreamStatus = "connecting" | "live" | "reconnecting" | "closed";
/** What the page tells the reader: `idle` is connected to a feed that receives no news (an archive). */
export type LiveState = StreamStatus | "idle";

/** After an article arrives on an archive's page, it counts as live for this long. */
const HEARD_MS = 10 * 60_000;

/**
 * Follows the dashboard's event stream (/api/internal/stream) for the given event types. EventSource reconnects by
 * itself and resumes after the last event it saw; `onEvent` is called once per event, `onOpen` on every
 * (re)connection, so the caller can catch up on anything a gap may have hidden.
 */
export function useEventStream(
  types: readonly string[],
  handlers: { onEvent: (e: SlimEvent) => void; onOpen?: () => void },
  /** The last event id the page was rendered with: events after it are replayed, so none falls in between. */
  sinceId?: number,
): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>("connecting");
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const key = types.join(",");
  useEffect(() => {
    const q = new URLSearchParams({ types: key });
    if (sinceId !== undefined) q.set("since", String(sinceId));
    const source = new EventSource(`/api/internal/stream?${q}`);
    let opened = false;
    source.onopen = () => {
      setStatus("live");
      // The first open follows the server render; later ones follow a gap worth catching up on.
      if (opened) latest.current.onOpen?.();
      opened = true;
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    const listener = (msg: MessageEvent<string>) => {
      try {
        latest.current.onEvent(JSON.parse(msg.data) as SlimEvent);
      } catch {
        // A malformed frame is skipped; the next event brings the feed up to date anyway.
      }
    };
    for (const t of key.split(",")) source.addEventListener(t, listener);
    return () => source.close();
  }, [key, sinceId]);
  return status;
}

/**
 * The event stream, and whether the page is live: connected, and news actually arriving. A database whose newest
 * article is older than the active window (`archived`: an imported archive, or feeds not polled) is connected but
 * idle, until an article arrives while the page is open. Only `item.new` counts: the pipeline's own bookkeeping
 * (priorities decaying, rankings) is not news arriving.
 */
export function useLiveStream(
  types: readonly string[],
  handlers: { onEvent: (e: SlimEvent) => void; onOpen?: () => void },
  opts: { sinceId?: number; archived: boolean },
): LiveState {
  const [heard, setHeard] = useState(false);
  const quiet = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (quiet.current !== null) clearTimeout(quiet.current);
    },
    [],
  );
  const status = useEventStream(
    types,
    {
      onEvent: (e) => {
        if (e.type === "item.new") {
          setHeard(true);
          if (quiet.current !== null) clearTimeout(quiet.current);
          quiet.current = setTimeout(() => setHeard(false), HEARD_MS);
        }
        handlers.onEvent(e);
      },
      onOpen: handlers.onOpen,
    },
    opts.sinceId,
  );
  return status === "live" && opts.archived && !heard ? "idle" : status;
}
