import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import type { Source } from "../db/types";
import { runPipeline } from "../ingestion/pipeline";
import { tempStore, testSource } from "../testing/temp-store";
import { StoryClustering } from "./story-clustering";
import { getStoryFeed, StoryFeedQuery } from "./story-feed";

const H = 3_600_000;
const NOW = Date.UTC(2025, 2, 4, 12);
let store: ReturnType<typeof tempStore>;

const item = (n: number, title: string, source: Source, at: number, category = "world") => ({
  raw: { url: `https://${source.slug}.test/${n}`, title, published: at, categories: [category] },
  source,
  discoveredAt: at,
});

async function load(base: number) {
  const a = await testSource(store, "alpha", "Alpha News");
  const b = await testSource(store, "beta", "Beta Times");
  const clustering = await StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS });
  await runPipeline({ store, clustering }, [
    item(1, "Old harbour strike story", a, base - 80 * H),
    item(2, "Volcano erupts near Reykjavik, flights grounded", a, base - 5 * H),
    item(3, "Reykjavik volcano eruption grounds flights", b, base - 4 * H),
    item(4, "Flights grounded as Reykjavik volcano erupts", a, base - 3 * H),
    item(5, "Central bank raises interest rates", b, base - 2 * H, "business"),
  ]);
}

/** Stories naming real securities, tagged by the enrichment stage as the server tags them. */
async function loadTickers(base: number) {
  const a = await testSource(store, "alpha", "Alpha News");
  const b = await testSource(store, "beta", "Beta Times");
  const clustering = await StoryClustering.open({
    store,
    vectors: null,
    params: TEXT_ONLY_PARAMS,
    enrichment: { embedder: null },
  });
  await runPipeline({ store, clustering }, [
    item(1, "Volcano erupts near Reykjavik, flights grounded", a, base - 5 * H),
    item(2, "Reykjavik volcano eruption grounds flights", b, base - 4 * H),
    item(3, "Flights grounded as Reykjavik volcano erupts", a, base - 3 * H),
    item(4, "Apple beats estimates on record iPhone sales", a, base - 2 * H, "business"),
    item(5, "Apple tops estimates with record iPhone sales", b, base - 2 * H + 60_000, "business"),
    item(6, "Bitcoin slumps below $60,000 as ETF outflows grow", a, base - H, "business"),
  ]);
}

beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const q = (raw: Record<string, string> = {}) => StoryFeedQuery.parse(raw);

describe("getStoryFeed", () => {
  it("lists the active stories fastest first, with source count and priority", async () => {
    await load(NOW);
    const feed = await getStoryFeed(store, q(), NOW);
    expect(feed).toMatchObject({ total: 2, asOf: NOW, archived: false });
    expect(feed.stories.map((s) => [s.articleCount, s.sourceCount, s.category])).toEqual([
      [3, 2, "world"],
      [1, 1, "business"],
    ]);
    expect(feed.stories[0]).toMatchObject({
      sources: ["Alpha News", "Beta Times"],
      priority: expect.stringMatching(/^(low|medium|high|breaking)$/),
      firstSeen: NOW - 5 * H,
      lastUpdated: NOW - 3 * H,
    });
  });

  it("gives each story the same priority in both views", async () => {
    await load(NOW);
    const live = await getStoryFeed(store, q(), NOW);
    const ranked = await getStoryFeed(store, q({ view: "ranked" }), NOW);
    const byId = new Map(ranked.stories.map((s) => [s.id, s.priority]));
    expect(live.stories.map((s) => s.priority)).toEqual(live.stories.map((s) => byId.get(s.id)));
  });

  it("filters by category in both views", async () => {
    await load(NOW);
    const live = await getStoryFeed(store, q({ category: "business" }), NOW);
    expect(live.stories.map((s) => s.headline)).toEqual(["Central bank raises interest rates"]);
    const ranked = await getStoryFeed(store, q({ view: "ranked", category: "world" }), NOW);
    expect(ranked.stories).toHaveLength(1);
    expect(ranked.stories[0]?.articleCount).toBe(3);
  });

  it("gives each story its securities and filters the live view by any of the symbols asked", async () => {
    await loadTickers(NOW);
    const all = await getStoryFeed(store, q(), NOW);
    expect(all.total).toBe(3);
    expect(all.stories.find((s) => s.articleCount === 3)?.tickers).toEqual([]);
    const apple = await getStoryFeed(store, q({ tickers: "aapl" }), NOW);
    expect(apple.total).toBe(1);
    expect(apple.stories[0]?.articleCount).toBe(2);
    expect(apple.stories[0]?.tickers).toEqual([
      expect.objectContaining({
        symbol: "AAPL",
        name: "Apple Inc.",
        sentiment: "bullish",
        impact: expect.stringMatching(/^(negligible|low|moderate|high|unprecedented)$/),
        rationale: expect.stringContaining('"Apple" is named in 2 of 2 reports'),
      }),
    ]);
    const either = await getStoryFeed(store, q({ tickers: "AAPL, BTC" }), NOW);
    expect(either.stories.map((s) => s.tickers[0]?.symbol).sort()).toEqual(["AAPL", "BTC"]);
    expect(either.total).toBe(2);
    expect(await getStoryFeed(store, q({ tickers: "TSLA" }), NOW)).toMatchObject({ stories: [], total: 0 });
    expect((await getStoryFeed(store, q({ tickers: "AAPL", category: "world" }), NOW)).total).toBe(0);
  });

  it("filters the ranked view by symbol before its limit, so a carrier ranked below the top is still shown", async () => {
    await loadTickers(NOW);
    const top = await getStoryFeed(store, q({ view: "ranked", limit: "1" }), NOW);
    // The three-report volcano story outranks the one-report Bitcoin story: without the filter, the top one has no BTC.
    expect(top.stories[0]?.tickers.map((t) => t.symbol)).not.toContain("BTC");
    const btc = await getStoryFeed(store, q({ view: "ranked", limit: "1", tickers: "btc" }), NOW);
    expect(btc.stories.map((s) => s.tickers.map((t) => t.symbol))).toEqual([["BTC"]]);
    expect(btc.stories[0]?.tickers[0]).toMatchObject({ sentiment: "bearish", name: expect.any(String) });
    const either = await getStoryFeed(store, q({ view: "ranked", tickers: "AAPL,BTC" }), NOW);
    expect(either.stories.map((s) => s.tickers[0]?.symbol).sort()).toEqual(["AAPL", "BTC"]);
    const business = await getStoryFeed(
      store,
      q({ view: "ranked", category: "business", tickers: "AAPL" }),
      NOW,
    );
    expect(business.stories.map((s) => s.tickers[0]?.symbol)).toEqual(["AAPL"]);
    expect((await getStoryFeed(store, q({ view: "ranked", tickers: "TSLA" }), NOW)).stories).toEqual([]);
  });

  it("shows an archive as it stood at its newest article instead of an empty feed", async () => {
    const then = NOW - 30 * 24 * H;
    await load(then);
    const feed = await getStoryFeed(store, q({ view: "ranked" }), NOW);
    expect(feed.archived).toBe(true);
    expect(feed.asOf).toBe(then - 2 * H);
    expect(feed.stories.map((s) => s.articleCount).sort()).toEqual([1, 3]);
  });

  it("is empty, and not an archive, without articles", async () => {
    expect(await getStoryFeed(store, q(), NOW)).toEqual({
      stories: [],
      total: 0,
      asOf: NOW,
      archived: false,
    });
  });

  it("rejects an unknown category and an out-of-range limit", () => {
    expect(StoryFeedQuery.safeParse({ category: "gossip" }).success).toBe(false);
    expect(StoryFeedQuery.safeParse({ limit: "101" }).success).toBe(false);
  });

  it("reads tickers as GET /v1/stories does: a comma list, trimmed and upper-cased, symbols only", () => {
    expect(q({ tickers: " aapl, BTC-USD ,," }).tickers).toEqual(["AAPL", "BTC-USD"]);
    expect(q({}).tickers).toBeUndefined();
    expect(StoryFeedQuery.safeParse({ tickers: "AAPL,$$$" }).success).toBe(false);
  });
});
