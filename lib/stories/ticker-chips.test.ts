import { describe, expect, it } from "vitest";

import { StoryFeedQuery } from "./story-feed";
import {
  parseTickerInput,
  symbolList,
  tickerChipLabel,
  tickerChipTitle,
  tickerFilterHref,
} from "./ticker-chips";

const apple = {
  symbol: "AAPL",
  name: "Apple Inc.",
  sentiment: "bullish",
  impact: "moderate",
  rationale: '"Apple" is named in 2 of 2 reports from 2 sources.',
} as const;

describe("ticker chips", () => {
  it("says symbol, sentiment and impact to screen readers, and name and rationale as the tooltip", () => {
    expect(tickerChipLabel(apple)).toBe("AAPL, bullish, moderate impact");
    expect(tickerChipTitle(apple)).toBe('Apple Inc.: "Apple" is named in 2 of 2 reports from 2 sources.');
    expect(tickerChipTitle({ ...apple, rationale: null })).toBe("Apple Inc.");
  });

  it("links to the feed filtered by the symbols, escaping what a query string cannot hold", () => {
    expect(tickerFilterHref(["AAPL", "BTC"])).toBe("/stories?tickers=AAPL,BTC");
    expect(tickerFilterHref(["GC=F", "M&M.NS"])).toBe("/stories?tickers=GC%3DF,M%26M.NS");
    expect(tickerFilterHref([])).toBe("/stories");
  });

  it("reads the filter input as symbols: commas or spaces, cashtags, any case, each once", () => {
    expect(parseTickerInput(" aapl, $btc  msft,,AAPL ")).toEqual({
      symbols: ["AAPL", "BTC", "MSFT"],
      invalid: [],
    });
    expect(parseTickerInput("")).toEqual({ symbols: [], invalid: [] });
    expect(parseTickerInput("AAPL, €uro, -X")).toEqual({ symbols: ["AAPL"], invalid: ["€uro", "-X"] });
  });

  it("accepts exactly the symbols the feed's tickers parameter accepts", () => {
    for (const s of [
      "AAPL",
      "BRK.B",
      "GC=F",
      "^GSPC",
      "BTC-USD",
      "M&M.NS",
      "A".repeat(20),
      "A".repeat(21),
      "-X",
      "A_B",
    ]) {
      const { symbols } = parseTickerInput(s);
      expect(symbols.length === 1, s).toBe(StoryFeedQuery.safeParse({ tickers: s }).success);
    }
  });

  it("lists symbols as a sentence", () => {
    expect(symbolList(["AAPL"])).toBe("AAPL");
    expect(symbolList(["AAPL", "BTC"])).toBe("AAPL or BTC");
    expect(symbolList(["AAPL", "BTC", "ETH"])).toBe("AAPL, BTC or ETH");
  });
});
