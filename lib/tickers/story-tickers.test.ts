import { describe, expect, it } from "vitest";

import {
  impactClass,
  NOTIFY_INTERVAL_MS,
  scoreStoryTickers,
  tickersToNotify,
  type ScoredTicker,
  type StoryTickerMember,
} from "./story-tickers";
import type { ArticleTicker } from "./tag-article";

const H = 3_600_000;
const apple = (confidence: number, score: number): ArticleTicker => ({
  symbol: "AAPL",
  name: "Apple Inc.",
  asset_class: "equity",
  confidence,
  sentiment: score > 0.25 ? "bullish" : score < -0.25 ? "bearish" : "neutral",
  sentiment_score: score,
  evidence: "Apple",
});
const member = (time: number, sourceId: number, tickers: ArticleTicker[] = []): StoryTickerMember => ({
  time,
  sourceId,
  tickers,
});
const story = (members: StoryTickerMember[], priority = "medium", velocity = 4) =>
  scoreStoryTickers({ headline: "Apple beats estimates", priority, velocity, members, authority: () => 0.6 });

describe("scoreStoryTickers", () => {
  it("joins the members' evidence and scales it by the share of members naming the security", () => {
    const most = story([member(0, 1, [apple(0.9, 0.6)]), member(H, 2, [apple(0.8, 0.5)])]);
    expect(most[0]!.confidence).toBeGreaterThan(0.95);
    const passing = story([
      member(0, 1, [apple(0.6, 0)]),
      ...Array.from({ length: 19 }, (_, i) => member(i * H, i + 2)),
    ]);
    expect(passing).toEqual([]);
  });

  it("weighs newer reports' sentiment more, gives impact from priority, velocity and authority, and explains", () => {
    const turned = story([member(0, 1, [apple(0.9, 0.8)]), member(48 * H, 2, [apple(0.9, -0.8)])]);
    expect(turned[0]!.sentiment).toBe("bearish");
    const quiet = story([member(0, 1, [apple(0.9, 0.5)])], "low", 0.5)[0]!;
    const loud = story([member(0, 1, [apple(0.9, 0.5)])], "breaking", 20)[0]!;
    expect(loud.impact_score).toBeGreaterThan(quiet.impact_score);
    expect(loud.impact).toBe(impactClass(loud.impact_score));
    expect(quiet.impact).toMatch(/^(negligible|low)$/);
    expect(loud.impact).toMatch(/^(high|unprecedented)$/);
    expect(loud.rationale).toMatch(/^"Apple" is named in the one report; the coverage reads bullish/);
    expect(loud).toMatchObject({ price_usd: null, price_change_24h: null, asset_class: "equity" });
  });
});

describe("tickersToNotify", () => {
  const t = (over: Partial<ScoredTicker> = {}): ScoredTicker => ({
    symbol: "AAPL",
    name: "Apple Inc.",
    asset_class: "equity",
    sentiment: "bullish",
    sentiment_score: 0.5,
    impact: "moderate",
    impact_score: 0.5,
    rationale: null,
    confidence: 0.8,
    price_usd: null,
    price_change_24h: null,
    ...over,
  });
  const notice = (at: number, sentiment = "bullish", impact = "moderate") =>
    new Map([["AAPL", { symbol: "AAPL", notifiedAt: at, sentiment, impact }]]);

  it("announces a ticker the first time it reaches 0.5 confidence, and not below", () => {
    expect(tickersToNotify([t()], new Map(), 0)).toHaveLength(1);
    expect(tickersToNotify([t({ confidence: 0.45 })], new Map(), 0)).toHaveLength(0);
  });

  it("announces a change of sentiment or impact class, at most once per 10 minutes", () => {
    const now = 100 * H;
    expect(tickersToNotify([t()], notice(now - H), now)).toHaveLength(0);
    expect(tickersToNotify([t({ sentiment: "bearish" })], notice(now - H), now)).toHaveLength(1);
    expect(tickersToNotify([t({ impact: "high" })], notice(now - H), now)).toHaveLength(1);
    expect(
      tickersToNotify([t({ sentiment: "bearish" })], notice(now - NOTIFY_INTERVAL_MS + 1), now),
    ).toHaveLength(0);
  });
});
