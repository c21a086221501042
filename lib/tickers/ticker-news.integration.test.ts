import { afterEach, describe, expect, it } from "vitest";

import { TickerNewsMessage } from "../asyncapi/messages";
import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import type { Source } from "../db/types";
import { BacktestQuery } from "../events/backtest-input";
import { liveFeedHarness, type LiveFeedHarness } from "../events/testing/live-feed-harness";
import { CLOSE } from "../events/ws-auth";
import { runPipeline } from "../ingestion/pipeline";
import { StoryClustering } from "../stories/story-clustering";
import { testSource } from "../testing/temp-store";

const MIN = 60_000;
let h: LiveFeedHarness;
afterEach(async () => h?.close());

const item = (n: number, title: string, excerpt: string, source: Source, at: number) => ({
  raw: {
    url: `https://${source.slug}.test/${n}`,
    title,
    summary: excerpt,
    published: at,
    categories: ["business"],
  },
  source,
  discoveredAt: at,
});

/** A scripted Apple story and a Microsoft story, through the real pipeline: enrichment, clustering, dynamics. */
async function publish(h: LiveFeedHarness, at: number) {
  const wire = await testSource(h.store, "wire", "Wire Service");
  const daily = await testSource(h.store, "daily", "Daily Ledger");
  const clustering = await StoryClustering.open({
    store: h.store,
    vectors: null,
    params: TEXT_ONLY_PARAMS,
    enrichment: { embedder: null },
  });
  await runPipeline({ store: h.store, clustering }, [
    item(
      1,
      "Apple beats estimates as iPhone sales surge",
      "Apple reported record quarterly revenue.",
      wire,
      at,
    ),
    item(
      2,
      "Apple tops estimates on record iPhone sales",
      "Apple Inc. posted record revenue.",
      daily,
      at + MIN,
    ),
    item(
      3,
      "Microsoft cuts guidance as cloud growth slows",
      "Microsoft lowered its outlook.",
      wire,
      at + 2 * MIN,
    ),
    item(
      4,
      "Microsoft lowers guidance on slower cloud growth",
      "Microsoft cut its forecast.",
      daily,
      at + 3 * MIN,
    ),
  ]);
  await h.tailer.poke();
}

const tickerNews = (c: { events(): Array<Record<string, unknown>> }) =>
  c.events().filter((e) => e.type === "ticker.news") as Array<{
    type: string;
    id: number;
    data: {
      cluster_id: number;
      headline: string;
      tickers: Array<{ symbol: string; sentiment: string; confidence: number }>;
    };
  }>;

describe("ticker.news on the live feed", () => {
  it("sends a subscriber filtering on AAPL the Apple story and nothing of the Microsoft one", async () => {
    h = await liveFeedHarness();
    const apple = h.connect(`token=${await h.key("pro")}`);
    expect(await apple.subscribe({ tickers: ["aapl"] })).toMatchObject({
      type: "subscribed",
      filters: { tickers: ["AAPL"] },
    });
    const every = h.connect(`token=${await h.key("business")}`);
    expect(await every.subscribe({ topics: ["tickers"] })).toMatchObject({ type: "subscribed" });

    await publish(h, Date.now() - 10 * MIN);

    // The topic subscriber sees both stories: the Microsoft one was announced too, so its absence below is the filter.
    const all = await every.waitFor((c) => {
      const n = tickerNews(c);
      const symbols = new Set(n.flatMap((e) => e.data.tickers.map((t) => t.symbol)));
      return symbols.has("AAPL") && symbols.has("MSFT") ? n : undefined;
    });
    const msft = all.find((e) => e.data.tickers.some((t) => t.symbol === "MSFT"))!;
    expect(msft.data.tickers.find((t) => t.symbol === "MSFT")).toMatchObject({ sentiment: "bearish" });

    // One broadcast hands an event to every connection: once the topic subscriber has the Microsoft event, the
    // filtering subscriber's verdict on it is made, and only the socket's transit is left.
    await new Promise((r) => setTimeout(r, 200));
    const got = tickerNews(apple);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((e) => e.data.tickers.some((t) => t.symbol === "AAPL"))).toBe(true);
    expect(got.some((e) => e.data.tickers.some((t) => t.symbol === "MSFT"))).toBe(false);
    const aapl = got[0]!.data.tickers.find((t) => t.symbol === "AAPL")!;
    expect(aapl.sentiment).toBe("bullish");
    expect(aapl.confidence).toBeGreaterThanOrEqual(0.5);
    // A tickers filter adds ticker.news to the default types (contract §8.4); the other events still arrive.
    expect(apple.events().some((e) => e.type === "item.enriched")).toBe(true);

    // Payload exactly as contract §9.6 (the AsyncAPI message schema is strict).
    for (const e of all) expect(TickerNewsMessage.safeParse(e).success).toBe(true);
  });

  it("refuses the tickers filter and topic below pro with tier_required, and a free plan at connect (4003)", async () => {
    h = await liveFeedHarness();
    const starter = h.connect(`token=${await h.key("starter")}`);
    expect(await starter.subscribe({ tickers: ["AAPL"] })).toMatchObject({
      type: "error",
      code: "tier_required",
    });
    expect(await starter.subscribe({ topics: ["tickers"] })).toMatchObject({
      type: "error",
      code: "tier_required",
    });
    expect(await starter.subscribe({ types: ["ticker.news"] })).toMatchObject({
      type: "error",
      code: "tier_required",
    });
    // The default subscription stays open to a starter plan and carries no ticker.news.
    expect(await starter.subscribe({})).toMatchObject({ type: "subscribed" });
    const free = h.connect(`token=${await h.key("free")}`);
    expect((await free.closed).code).toBe(CLOSE.forbidden);
    expect(free.messages[0]).toMatchObject({ type: "error", code: "tier_required" });

    await publish(h, Date.now() - 10 * MIN);
    await starter.waitFor((c) =>
      c.events().some((e) => e.type === "story.development" || e.type === "cluster.event"),
    );
    expect(tickerNews(starter)).toEqual([]);
  });

  it("is not replayed: a resume after since_id and backtest leave ticker.news out", async () => {
    h = await liveFeedHarness();
    await publish(h, Date.now() - 10 * MIN);
    const logged = await h.store.events.after(0, 10_000);
    expect(logged.some((e) => e.type === "ticker.news")).toBe(true);

    const resumed = h.connect(`token=${await h.key("pro")}&since_id=0`);
    expect(await resumed.subscribe({ topics: ["articles", "stories", "tickers"] })).toMatchObject({
      type: "subscribed",
    });
    // The topics select every type but clusters.ranked; of the log, all of them come back except ticker.news.
    const replayable = logged.filter((e) => e.type !== "ticker.news" && e.type !== "clusters.ranked");
    await resumed.waitFor((c) => c.events().length >= replayable.length);
    await new Promise((r) => setTimeout(r, 200));
    expect(tickerNews(resumed)).toEqual([]);
    expect(resumed.events().map((e) => e.id)).toEqual(replayable.map((e) => e.id));
    // Backtest replays only the six logged types of contract §9: asking for ticker.news is a bad parameter.
    const asked = BacktestQuery.safeParse({ from: "0", to: String(Date.now()), types: "ticker.news" });
    expect(asked.success).toBe(false);
  });
});
