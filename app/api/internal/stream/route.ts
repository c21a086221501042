import { z } from "zod";

import { withSession } from "@/lib/api/with-session";
import { getAppContext } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { EVENT_TYPES } from "@/lib/events/filters";
import { RedisStreamSlots } from "@/lib/events/redis-stream-slots";
import { MAX_STREAMS_PER_USER, sseEventStream, StreamSlots, streamSlots } from "@/lib/events/sse-relay";
import { qCsv, qInt } from "@/lib/validation/query";

export const dynamic = "force-dynamic";

const StreamQuery = z.object({
  types: qCsv().pipe(z.array(z.enum(EVENT_TYPES, { message: "must be an event type" })).optional()),
  since: qInt({ min: 0 }),
});

// The dashboard's live data: the event log over Server-Sent Events, with the session cookie. /ws needs an API key
// with ws:connect (paid plans) and speaks the public protocol; a browser tab needs neither, and EventSource
// reconnects and resumes (Last-Event-ID) by itself. Each stream ends after a few minutes and is resumed. A user holds
// at most MAX_STREAMS_PER_USER streams at once: over every instance with Redis, else in this process.
export const GET = withSession({ query: StreamQuery }, async ({ req, query, user }) => {
  const { bus, store, env, log } = await getAppContext();
  const slots = streamSlots(() =>
    env.LEDE_REDIS_URL
      ? new RedisStreamSlots({
          url: env.LEDE_REDIS_URL,
          max: MAX_STREAMS_PER_USER,
          onFallback: (err) =>
            err
              ? log.warn(
                  { err },
                  "stream caps: Redis does not answer; counting in this process until it does",
                )
              : log.info("stream caps: Redis answers again; caps are shared"),
        })
      : new StreamSlots(),
  );
  const release = await slots.acquire(user.id);
  if (!release) {
    throw new DomainError(
      "rate_limited",
      429,
      `at most ${MAX_STREAMS_PER_USER} live streams may be open at once; close another tab first`,
      { limit: MAX_STREAMS_PER_USER },
      { "Retry-After": "30" },
    );
  }
  const header = req.headers.get("last-event-id");
  const resume = header && /^\d+$/.test(header) ? Number(header) : query.since;
  const body = sseEventStream({
    bus,
    events: store.events,
    afterId: resume,
    types: query.types ? new Set(query.types) : undefined,
    signal: req.signal,
    onClose: release,
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no" },
  });
});
