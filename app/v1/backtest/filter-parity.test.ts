import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setApiDepsForTesting, type ApiDeps } from "@/lib/api/deps";
import { ARTICLES, vec, writeFilterFixtures, type Fixtures } from "@/lib/events/testing/filter-fixtures";
import {
  liveFeedHarness,
  type FeedClient,
  type LiveFeedHarness,
} from "@/lib/events/testing/live-feed-harness";
import { MemoryRateLimiter } from "@/lib/quota/memory-rate-limiter";
import { get } from "@/lib/testing/api-deps";
import { UsageRecorder } from "@/lib/usage/usage-recorder";

import { GET, POST } from "./route";

// One set of fixtures, one list of filters: each case runs on the live feed and through GET and POST backtest,
// and all three must return exactly the expected events (contract §8.4: the semantics are shared).

const AXIS0 = Array.from(vec({ 0: 1 }));
const AXIS1 = Array.from(vec({ 1: 1 }));
const STORIES = ["dev11", "prio12", "ce11", "dev13"];
const NEW = ["a1", "a2", "a3", "a4", "a5"];
const ENRICHED = ["a1e", "a2e", "a3e", "a4e", "a5e"];
const BOTH = ["articles", "stories"];

interface Case {
  name: string;
  ws?: Record<string, unknown>;
  /** GET query (without from/to); absent: the case is not expressible in a query string. */
  get?: string;
  post?: Record<string, unknown>;
  expected: string[];
  /** Expected on the live feed when it differs (its defaults include clusters.ranked). */
  wsExpected?: string[];
}

let cases: Case[];
let h: LiveFeedHarness;
let fx: Fixtures;
let key: string;
const live = new Map<string, FeedClient>();

beforeAll(async () => {
  h = await liveFeedHarness({ tailIntervalMs: 60_000 });
  const deps: ApiDeps = {
    store: h.store,
    keys: h.keys,
    limiter: new MemoryRateLimiter(),
    usage: new UsageRecorder(h.store.usage),
    log: pino({ level: "silent" }),
  };
  setApiDepsForTesting(async () => deps);
  key = await h.key("business");
  const wire = await h.store.sources.ensure({
    slug: "wire",
    name: "Wire",
    homepage: "https://wire.test/",
    country: null,
    language: "en",
    category: "world",
    logoUrl: null,
    description: null,
  });
  cases = [
    {
      name: "no topics or types: all six types live, five in backtest",
      ws: {},
      get: "",
      post: {},
      expected: [...NEW, ...ENRICHED, "dev11", "prio12", "ce11", "dev13"],
      wsExpected: [...NEW, ...ENRICHED, "dev11", "prio12", "ce11", "ranked", "dev13"],
    },
    {
      name: "topic articles",
      ws: { topics: ["articles"] },
      get: "topics=articles",
      post: { topics: ["articles"] },
      expected: [...NEW, ...ENRICHED],
    },
    {
      name: "topic stories",
      ws: { topics: ["stories"] },
      get: "topics=stories",
      post: { topics: ["stories"] },
      expected: STORIES,
    },
    {
      name: "types override topics; clusters.ranked only by type",
      ws: { topics: ["articles"], types: ["cluster.event", "clusters.ranked"] },
      get: "topics=articles&types=cluster.event,clusters.ranked",
      post: { topics: ["articles"], types: ["cluster.event", "clusters.ranked"] },
      expected: ["ce11", "ranked"],
    },
    {
      name: "categories (OR, case-insensitive); cluster.event unaffected",
      ws: { topics: BOTH, categories: ["Technology", "sports"] },
      get: "topics=articles,stories&categories=Technology,sports",
      post: { topics: BOTH, categories: ["Technology", "sports"] },
      expected: ["a2", "a3", "a5", "a2e", "a3e", "a5e", "prio12", "ce11", "dev13"],
    },
    {
      name: "sources by decimal id; story events carry no source and pass",
      ws: { topics: BOTH, sources: [String(wire.id)] },
      get: `topics=articles,stories&sources=${wire.id}`,
      post: { topics: BOTH, sources: [String(wire.id)] },
      expected: ["a1", "a3", "a5", "a1e", "a3e", "a5e", ...STORIES],
    },
    {
      name: "sources by slug",
      ws: { topics: BOTH, sources: ["ap-news"] },
      get: "topics=articles,stories&sources=ap-news",
      post: { topics: BOTH, sources: ["ap-news"] },
      expected: ["a2", "a4", "a2e", "a4e", ...STORIES],
    },
    {
      name: "an unknown source matches no article",
      ws: { topics: BOTH, sources: ["no-such-source"] },
      get: "topics=articles,stories&sources=no-such-source",
      post: { topics: BOTH, sources: ["no-such-source"] },
      expected: STORIES,
    },
    {
      name: "keywords: OR, case-insensitive, on titles and headlines (title when headline is null)",
      ws: { topics: BOTH, keywords: ["TARIFF", "cup"] },
      get: "topics=articles,stories&keywords=TARIFF,cup",
      post: { topics: BOTH, keywords: ["TARIFF", "cup"] },
      expected: ["a1", "a3", "a1e", "a3e", "dev11", "prio12", "ce11", "dev13"],
    },
    {
      name: "the deprecated single keyword (live feed) matches like keywords",
      ws: { topics: BOTH, keyword: "cup" },
      get: "topics=articles,stories&keywords=cup",
      post: { topics: BOTH, keywords: ["cup"] },
      expected: ["a3", "a3e", "prio12", "ce11"],
    },
    {
      name: "entities test item.enriched only",
      ws: { topics: BOTH, entities: [42] },
      get: "topics=articles,stories&entities=42",
      post: { topics: BOTH, entities: [42] },
      expected: [...NEW, "a1e", "a5e", ...STORIES],
    },
    {
      name: "different filters are ANDed",
      ws: { topics: BOTH, categories: ["technology"], keywords: ["chip"] },
      get: "topics=articles,stories&categories=technology&keywords=chip",
      post: { topics: BOTH, categories: ["technology"], keywords: ["chip"] },
      expected: ["a2", "a2e", "ce11"],
    },
    {
      name: "embedding filter at 0.8 keeps item.new and item.enriched at cosine ≥ 0.8 (not 0.7, not without a vector)",
      ws: { topics: BOTH, embedding_filters: [{ embedding: AXIS0, threshold: 0.8, label: "trade" }] },
      post: { topics: BOTH, embedding_filters: [{ embedding: AXIS0, threshold: 0.8, label: "trade" }] },
      expected: ["a1", "a2", "a1e", "a2e", ...STORIES],
    },
    {
      name: "embedding filter at 0.65 also keeps the article at cosine 0.7",
      ws: { topics: ["articles"], embedding_filters: [{ embedding: AXIS0, threshold: 0.65 }] },
      post: { topics: ["articles"], embedding_filters: [{ embedding: AXIS0, threshold: 0.65 }] },
      expected: ["a1", "a2", "a5", "a1e", "a2e", "a5e"],
    },
    {
      name: "include_embeddings",
      ws: { topics: ["articles"], include_embeddings: true },
      get: "topics=articles&include_embeddings=true",
      post: { topics: ["articles"], include_embeddings: true },
      expected: [...NEW, ...ENRICHED],
    },
    {
      name: "several embedding filters (live feed): an article passes on its best filter",
      ws: {
        topics: ["articles"],
        embedding_filters: [
          { embedding: AXIS0, threshold: 0.95, label: "trade" },
          { embedding: AXIS1, threshold: 0.9, label: "sport" },
        ],
      },
      expected: ["a1", "a3", "a1e", "a3e"],
    },
    {
      name: "cluster_id (backtest)",
      get: "cluster_id=11",
      post: { cluster_id: 11 },
      expected: ["dev11", "ce11"],
    },
  ];
  for (const c of cases) {
    if (!c.ws) continue;
    const client = h.connect(`token=${key}`);
    expect(await client.subscribe(c.ws)).toMatchObject({ type: "subscribed" });
    live.set(c.name, client);
  }
  fx = await writeFilterFixtures(h.store, Date.now() - 3_600_000);
  await h.tailer.poke();
  for (const c of cases) {
    const client = live.get(c.name);
    if (client) await client.waitFor(() => client.events().length >= (c.wsExpected ?? c.expected).length);
  }
  // Anything that should not have come would have arrived by now: delivery is synchronous after the poke.
  await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  setApiDepsForTesting(undefined);
  await h?.close();
});

type BacktestEvent = {
  id: number;
  payload: Record<string, unknown>;
  similarity?: number;
  embedding: number[];
};
const labelsOf = (ids: number[]) => ids.map((id) => fx.labels.get(id) ?? `?${id}`);
const window = () => ({ from: fx.first, to: fx.last + 1 });

async function viaGet(query: string): Promise<BacktestEvent[]> {
  const res = await GET(get(`/v1/backtest?from=${window().from}&to=${window().to}&${query}`, key));
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: BacktestEvent[] }).events;
}

async function viaPost(body: Record<string, unknown>): Promise<BacktestEvent[]> {
  const res = await POST(
    new Request("http://lede.test/v1/backtest", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...window(), ...body }),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: BacktestEvent[] }).events;
}

describe("the same filters on the live feed, GET and POST backtest", () => {
  it("covers every fixture article", () => {
    expect([...fx.articles.keys()]).toEqual(ARTICLES.map((a) => a.label));
  });

  it.each([
    "no topics or types: all six types live, five in backtest",
    "topic articles",
    "topic stories",
    "types override topics; clusters.ranked only by type",
    "categories (OR, case-insensitive); cluster.event unaffected",
    "sources by decimal id; story events carry no source and pass",
    "sources by slug",
    "an unknown source matches no article",
    "keywords: OR, case-insensitive, on titles and headlines (title when headline is null)",
    "the deprecated single keyword (live feed) matches like keywords",
    "entities test item.enriched only",
    "different filters are ANDed",
    "embedding filter at 0.8 keeps item.new and item.enriched at cosine ≥ 0.8 (not 0.7, not without a vector)",
    "embedding filter at 0.65 also keeps the article at cosine 0.7",
    "include_embeddings",
    "several embedding filters (live feed): an article passes on its best filter",
    "cluster_id (backtest)",
  ])("%s", async (name) => {
    const c = cases.find((x) => x.name === name);
    if (!c) throw new Error(`no case ${name}`);
    const client = live.get(name);
    if (c.ws)
      expect(labelsOf((client?.events() ?? []).map((m) => m.id as number))).toEqual(
        c.wsExpected ?? c.expected,
      );
    if (c.get !== undefined) expect(labelsOf((await viaGet(c.get)).map((e) => e.id))).toEqual(c.expected);
    if (c.post) expect(labelsOf((await viaPost(c.post)).map((e) => e.id))).toEqual(c.expected);
  });

  it("reports the same similarity on the live feed and in backtest, on matching article events only", async () => {
    const name =
      "embedding filter at 0.8 keeps item.new and item.enriched at cosine ≥ 0.8 (not 0.7, not without a vector)";
    const wsEvents = live.get(name)?.events() ?? [];
    const replay = await viaPost(cases.find((c) => c.name === name)?.post ?? {});
    const byLabel = (label: string) => ({
      ws: wsEvents.find((m) => fx.labels.get(m.id as number) === label),
      bt: replay.find((e) => fx.labels.get(e.id) === label),
    });
    for (const [label, expected] of [
      ["a1", 1],
      ["a2", 0.9],
      ["a1e", 1],
      ["a2e", 0.9],
    ] as const) {
      const { ws, bt } = byLabel(label);
      expect(ws?.similarity).toBeCloseTo(expected, 5);
      expect(ws?.matched_filter).toBe("trade");
      expect(bt?.similarity).toBe(ws?.similarity);
    }
    const story = byLabel("dev11");
    expect(story.ws).not.toHaveProperty("similarity");
    expect(story.bt).not.toHaveProperty("similarity");
    const several =
      live.get("several embedding filters (live feed): an article passes on its best filter")?.events() ?? [];
    expect(several.map((m) => m.matched_filter)).toEqual(["trade", "sport", "trade", "sport"]);
  });

  it("carries the stored embedding (and model) on item.new and item.enriched with include_embeddings, the same on both sides", async () => {
    const wsEvents = live.get("include_embeddings")?.events() ?? [];
    const replay = await viaGet("topics=articles&include_embeddings=true");
    for (const spec of ARTICLES) {
      const find = (label: string) => ({
        ws: wsEvents.find((m) => fx.labels.get(m.id as number) === label),
        bt: replay.find((e) => fx.labels.get(e.id) === label),
      });
      // The vector is stored with the article, so item.new carries it as item.enriched does (contract §6.12).
      for (const event of [find(spec.label), find(`${spec.label}e`)]) {
        if (spec.vector) {
          expect(event.ws?.embedding).toEqual(Array.from(spec.vector));
          expect(event.ws?.embedding_model).toBe("test-model");
          expect(event.bt?.embedding).toEqual(event.ws?.embedding);
        } else {
          expect(event.ws?.embedding).toBeNull();
          expect(event.bt?.embedding).toEqual([]);
        }
      }
    }
    // Without include_embeddings, neither side carries a vector.
    const plain = live.get("topic articles")?.events() ?? [];
    expect(plain.some((m) => "embedding" in m)).toBe(false);
    expect((await viaGet("topics=articles")).every((e) => e.embedding.length === 0)).toBe(true);
  });
});
