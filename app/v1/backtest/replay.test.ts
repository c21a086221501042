import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { TEXT_ONLY_PARAMS } from "@/lib/clustering/clusterer";
import type { Embedder } from "@/lib/embeddings/embedder";
import { EVENT_TYPES } from "@/lib/events/filters";
import { towardAxis0, vec } from "@/lib/events/testing/filter-fixtures";
import {
  liveFeedHarness,
  type FeedClient,
  type LiveFeedHarness,
  type Message,
} from "@/lib/events/testing/live-feed-harness";
import { runPipeline } from "@/lib/ingestion/pipeline";
import { StoryClustering } from "@/lib/stories/story-clustering";
import { testSource } from "@/lib/testing/temp-store";

import {
  backtestAll,
  backtestGet,
  backtestPost,
  useBacktestRoutes,
  type BacktestEvent,
} from "./backtest-test-client";

// Acceptance: record the live feed during a scripted ingest, then replay the same window through GET and POST
// backtest. Ids and payloads must be identical, minus the per-subscriber fields.

const PER_SUBSCRIBER = ["embedding", "embedding_model", "similarity", "matched_filter"];
const withoutPerSubscriber = (m: Message) =>
  Object.fromEntries(Object.entries(m).filter(([k]) => !PER_SUBSCRIBER.includes(k)));
const byTimeThenId = (a: Message, b: Message) =>
  (a.ts as number) - (b.ts as number) || (a.id as number) - (b.id as number);

const HEADLINES = [
  "Volcano erupts near Reykjavik",
  "Central bank holds interest rates steady",
  "Reykjavik volcano eruption grounds flights",
  "Chipmaker unveils new AI accelerator",
  "Flights resume after Reykjavik volcano eruption",
  "Central bank signals rate cut next quarter",
  "New AI accelerator chip ships to cloud providers",
  "Storm floods coastal towns",
  "Coastal towns clean up after storm floods",
  "Champions league final ends in penalties",
  "Chip export rules tightened again",
  "Penalty shootout decides champions league final",
];
const QUERY = Array.from(vec({ 0: 1 }));

/** An embedder that reads vectors from a table by topic word: volcano stories near the query, others away. */
const TOPICS: Array<[RegExp, Float32Array]> = [
  [/volcano/i, towardAxis0(0.95, 5)],
  [/flights/i, towardAxis0(0.7, 6)],
  [/chip|accelerator/i, towardAxis0(0.4, 7)],
];
const tableEmbedder: Embedder = {
  model: "table-v1",
  dimensions: 1536,
  async embed(texts) {
    return texts.map((t) => TOPICS.find(([re]) => re.test(t))?.[1] ?? vec({ 1: 1 }));
  },
};

let h: LiveFeedHarness;
let key: string;
let restore: () => void;
let recorder: FeedClient;
let semantic: FeedClient;
let from: number;
let to: number;
let logged: number;

beforeAll(async () => {
  h = await liveFeedHarness({ tailIntervalMs: 60_000 });
  restore = useBacktestRoutes(h.store, h.keys);
  key = await h.key("pro");
  recorder = h.connect(`token=${key}`);
  semantic = h.connect(`token=${key}`);
  await recorder.subscribe({});
  await semantic.subscribe({
    include_embeddings: true,
    embedding_filters: [{ embedding: QUERY, threshold: 0.6, label: "axis" }],
  });

  // The scripted ingest: batches through the real pipeline: the embedding (stored with the article and its
  // item.new), the enrichment stage (item.enriched), clustering's cluster.events. Vectors come from a fixed table,
  // not a model.
  const source = await testSource(h.store);
  const clustering = await StoryClustering.open({ store: h.store, vectors: null, params: TEXT_ONLY_PARAMS });
  const enrichment = { embedder: tableEmbedder };
  const start = Date.now() - 3 * 3_600_000;
  for (let batch = 0; batch < 4; batch++) {
    const inputs = HEADLINES.slice(batch * 3, batch * 3 + 3).map((title, i) => {
      const at = start + (batch * 3 + i) * 60_000;
      return {
        raw: { url: `https://wire.test/${batch}-${i}`, title, published: at },
        source,
        discoveredAt: at,
      };
    });
    await runPipeline(
      { store: h.store, clustering, enrichment, onAppended: () => void h.tailer.poke() },
      inputs,
    );
  }
  const at = start + 20 * 60_000;
  await h.store.events.append({
    ts: at,
    type: "clusters.ranked",
    clusterId: 0,
    articleId: null,
    payload: (id) => ({ type: "clusters.ranked", id, ts: at, data: [], updated: true }),
  });
  await h.tailer.poke();
  logged = await h.store.events.lastId();
  await recorder.waitFor(() => recorder.events().length === logged);
  // The window spans everything recorded (later stages may stamp their events with the wall clock).
  const times = recorder.events().map((m) => m.ts as number);
  from = Math.min(...times);
  to = Math.max(...times) + 1;
});
afterAll(async () => {
  restore?.();
  await h?.close();
});

describe("recording the live feed, then replaying the window", () => {
  it("recorded every logged event of the ingest, once, in id order", () => {
    const ids = recorder.events().map((m) => m.id as number);
    expect(ids).toEqual(Array.from({ length: logged }, (_, i) => i + 1));
    const types = new Set(recorder.events().map((m) => m.type));
    for (const t of ["item.new", "item.enriched", "cluster.event", "clusters.ranked"])
      expect(types).toContain(t);
  });

  it("GET backtest (every type, paged) returns the same ids and payloads", async () => {
    const replay = await backtestAll((cursor) =>
      backtestGet(key, `from=${from}&to=${to}&types=${EVENT_TYPES.join(",")}&limit=7&cursor=${cursor}`),
    );
    const recorded = [...recorder.events()].sort(byTimeThenId);
    expect(replay.map((e) => e.id)).toEqual(recorded.map((m) => m.id));
    expect(replay.map((e) => e.payload)).toEqual(recorded.map(withoutPerSubscriber));
    for (const e of replay) expect([e.event_type, e.ts]).toEqual([e.payload.type, e.payload.ts]);
  });

  it("POST backtest with the subscriber's embedding filter returns the same events, similarity and embeddings", async () => {
    const replay: BacktestEvent[] = await backtestAll((cursor) =>
      backtestPost(key, {
        from,
        to,
        types: [...EVENT_TYPES],
        include_embeddings: true,
        embedding_filters: [{ embedding: QUERY, threshold: 0.6, label: "axis" }],
        cursor,
        limit: 5,
      }),
    );
    const recorded = [...semantic.events()].sort(byTimeThenId);
    // The volcano and flights articles pass (0.95, 0.7), on item.new as on item.enriched (contract §8.4: both
    // carry the article's embedding); the others do not.
    for (const type of ["item.new", "item.enriched"]) {
      const passed = recorded.filter((m) => m.type === type);
      expect(passed.map((m) => (m.data as { title: string }).title).sort(), type).toEqual(
        HEADLINES.filter((t) => /volcano|flights/i.test(t)).sort(),
      );
      for (const m of passed) {
        expect(m.embedding_model).toBe("table-v1");
        expect(m.embedding).toHaveLength(1536);
        expect(m.similarity).toBeGreaterThanOrEqual(0.6);
      }
    }
    expect(replay.map((e) => e.id)).toEqual(recorded.map((m) => m.id));
    expect(replay.map((e) => e.payload)).toEqual(recorded.map(withoutPerSubscriber));
    expect(replay.map((e) => e.similarity)).toEqual(recorded.map((m) => m.similarity));
    expect(replay.map((e) => (e.embedding.length ? e.embedding : undefined))).toEqual(
      recorded.map((m) => m.embedding),
    );
  });
});
