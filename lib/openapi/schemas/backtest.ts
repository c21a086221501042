import { z } from "zod";

import { BACKTEST_EVENT_TYPE, Count, Ms } from "./common";

/** The stored broadcast message (contract §9): `{type, id, ts, data, …}`. */
export const EventEnvelope = z.looseObject({
  type: z.enum(BACKTEST_EVENT_TYPE),
  id: z.number().int().min(1),
  ts: Ms,
  data: z.unknown(),
});

/** Backtest event (contract §6.12). */
export const BacktestEvent = z.strictObject({
  id: z.number().int().min(1),
  ts: Ms,
  event_type: z.enum(BACKTEST_EVENT_TYPE),
  cluster_id: Count.describe("0 for an article outside any story and for clusters.ranked"),
  payload: EventEnvelope.nullable(),
  similarity: z.number().optional().describe("only when an embedding filter is active"),
  embedding: z
    .array(z.number())
    .describe("[] unless include_embeddings=true and the event is an article event"),
});

/** GET and POST /v1/backtest (contract §7.7). */
export const BacktestResponse = z.strictObject({
  ok: z.literal(true),
  events: z.array(BacktestEvent),
  next_cursor: Count,
  has_more: z.boolean(),
  meta: z.strictObject({
    from: Ms,
    to: Ms,
    topics: z.array(z.enum(["articles", "stories", "clusters.ranked"])),
    filters_applied: z.partialRecord(
      z.enum([
        "topics",
        "types",
        "categories",
        "sources",
        "keywords",
        "entities",
        "cluster_id",
        "embedding_filters",
      ]),
      z.array(z.string()),
    ),
    event_count: Count,
  }),
});
