import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { listItems, ListItemsQuery } from "../articles/list-items";
import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import { runPipeline } from "../ingestion/pipeline";
import { getStoryDetail, listStories, ListStoriesQuery } from "../stories/get-stories";
import { StoryClustering } from "../stories/story-clustering";
import { tempStore, testSource } from "../testing/temp-store";

const MIN = 60_000;
let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

async function load(now: number) {
  const a = await testSource(store, "alpha", "Alpha News");
  const b = await testSource(store, "beta", "Beta Times");
  const clustering = await StoryClustering.open({
    store,
    vectors: null,
    params: TEXT_ONLY_PARAMS,
    enrichment: { embedder: null },
  });
  const item = (n: number, title: string, source: typeof a, at: number) => ({
    raw: { url: `https://${source.slug}.test/${n}`, title, published: at, categories: ["business"] },
    source,
    discoveredAt: at,
  });
  await runPipeline({ store, clustering }, [
    item(1, "Apple beats estimates on record iPhone sales", a, now - 30 * MIN),
    item(2, "Apple tops estimates with record iPhone sales", b, now - 29 * MIN),
    item(3, "Bitcoin slumps below $60,000 as ETF outflows grow", a, now - 20 * MIN),
    item(4, "Volcano erupts near Reykjavik, flights grounded", b, now - 10 * MIN),
  ]);
}

describe("tickers on stories and items (REST)", () => {
  it("shows each story's and article's securities, and filters both lists by symbol", async () => {
    const now = Date.now();
    await load(now);
    const all = await listStories(store, ListStoriesQuery.parse({}), now);
    expect(all.total).toBe(3);
    const apple = await listStories(store, ListStoriesQuery.parse({ tickers: "aapl" }), now);
    expect(apple.total).toBe(1);
    expect(apple.stories[0]!.tickers).toEqual([
      expect.objectContaining({
        symbol: "AAPL",
        name: "Apple Inc.",
        asset_class: "equity",
        sentiment: "bullish",
        impact: expect.stringMatching(/^(negligible|low|moderate|high|unprecedented)$/),
        rationale: expect.stringContaining('"Apple" is named in 2 of 2 reports from 2 sources'),
        price_usd: null,
        price_change_24h: null,
      }),
    ]);
    const either = await listStories(store, ListStoriesQuery.parse({ tickers: "AAPL,BTC" }), now);
    expect(either.stories.map((s) => s.tickers[0]!.symbol).sort()).toEqual(["AAPL", "BTC"]);
    const volcano = all.stories.find((s) => s.headline.includes("Volcano"))!;
    expect(volcano.tickers).toEqual([]);

    const detail = await getStoryDetail(store, String(apple.stories[0]!.id));
    expect(detail.tickers.map((t) => t.symbol)).toEqual(["AAPL"]);
    expect(detail.articles.every((a) => a.tickers.some((t) => t.symbol === "AAPL"))).toBe(true);

    const items = await listItems(store, ListItemsQuery.parse({ tickers: "BTC" }));
    expect(items.total).toBe(1);
    expect(items.items[0]!.tickers).toEqual([
      expect.objectContaining({
        symbol: "BTC",
        asset_class: "crypto",
        sentiment: "bearish",
        evidence: "Bitcoin",
      }),
    ]);
    expect((await listItems(store, ListItemsQuery.parse({ tickers: "TSLA" }))).total).toBe(0);
  });

  it("refuses a malformed symbol list", () => {
    expect(ListStoriesQuery.safeParse({ tickers: "AAPL,not a symbol" }).success).toBe(false);
    expect(
      ListItemsQuery.safeParse({ tickers: Array.from({ length: 101 }, (_, i) => `S${i}`).join(",") }).success,
    ).toBe(false);
  });
});
