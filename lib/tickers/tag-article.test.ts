import { describe, expect, it } from "vitest";

import { extractEntities } from "../entities/extract-entities";
import { shippedRegistry } from "./registry";
import { SecurityIndex } from "./security-index";
import { tagArticle } from "./tag-article";

const { securities, brands } = shippedRegistry();
const index = new SecurityIndex(securities, brands);

/** The symbols tagged at ≥ 0.5 confidence, as the live feed and the quality figures count them. */
const tags = (title: string, excerpt?: string) =>
  tagArticle(index, { title, excerpt, entities: extractEntities({ title, text: excerpt }).entities })
    .filter((t) => t.confidence >= 0.5)
    .map((t) => t.symbol);

describe("tagArticle: explicit tickers", () => {
  it("reads cashtags, exchange-qualified and parenthesised symbols the registry knows", () => {
    expect(tags("Shares of $AAPL slide after the event")).toContain("AAPL");
    expect(tags("Acme Corp (NASDAQ: MSFT) partner announces results")).toContain("MSFT");
    expect(tags("Intel PT Raised to $26.00 at Wedbush (INTC)")).toEqual(["INTC"]);
    expect(tags("$BTC tops $100,000")).toContain("BTC");
    expect(tags("$NOTAREALSYMBOL jumps")).toEqual([]);
  });

  it("never reads common words as the symbols they spell (ALL, IT, A, ON, NOW)", () => {
    expect(tags("It is all about a new plan now, on time")).toEqual([]);
    expect(tags("IT spending: A guide to ALL the options")).toEqual([]);
    // Written as tickers they are the securities.
    expect(tags("Insurers rally; $ALL leads")).toContain("ALL");
    expect(tags("Gartner (NYSE: IT) beats estimates")).toContain("IT");
  });
});

describe("tagArticle: names", () => {
  it("maps company names, former names and brands to their security", () => {
    expect(tags("Facebook buys messaging start-up")).toEqual(["META"]);
    expect(tags("Google unveils a new search feature")).toEqual(["GOOGL"]);
    expect(tags("Toyota recalls 1.9 million Prius hybrids")).toEqual(["7203.T"]);
    expect(tags("Bristol-Myers Says Study of Melanoma Treatment Shows Favorable Comparison")).toEqual([
      "BMY",
    ]);
    expect(tags("Rolls-Royce shares dive after Airbus order cancelled").sort()).toEqual(["AIR.PA", "RR.L"]);
  });

  it("reads an everyday-word company name as the company only where it is used as one", () => {
    expect(tags("Target to cut 1,700 jobs in Canada")).toEqual(["TGT"]);
    expect(tags("Systems glitch at Target stores nationwide")).toEqual(["TGT"]);
    expect(tags("Fed officials raise forecast target rates for next 2 years")).toEqual([]);
    expect(tags("Walgreen Company Price Target Raised to $95.00")).not.toContain("TGT");
    expect(tags("Ford concedes fuel mileage was overstated, pays up")).toEqual(["F"]);
    expect(tags("Harrison Ford injured on Star Wars set")).toEqual([]);
    expect(tags("Deforestation in the Amazon rainforest slows")).toEqual([]);
    expect(tags("An apple a day: study on fruit and heart health")).toEqual([]);
  });

  it("reads commodity and currency words as their market only next to market words", () => {
    expect(tags("Gold edges up 0.1%; oil sheds 0.6%").sort()).toEqual(["CL=F", "GC=F"]);
    expect(tags("Swimmer wins gold medal in Glasgow")).toEqual([]);
    expect(tags("Silver lining to Wisconsin housing market")).toEqual([]);
    expect(tags("Sterling nears 5-year high after hitting $1.70 mark")).toEqual(["GBPUSD"]);
    // Two currencies against each other are their cross.
    expect(tags("Yen Rises to 4-Month High Versus Euro on BOJ Policy Bets")).toEqual(["EURJPY"]);
    expect(tags("Microsoft launches Nokia X2 at Euro 99")).not.toContain("EURUSD");
  });

  it("counts a platform named as a medium, or the bank of a rating, for less than the subject", () => {
    expect(tags("Singer posts apology video on YouTube")).toEqual([]);
    expect(tags("Bank of America Downgrades Ball Corp to Neutral")).toEqual(["BALL"]);
    expect(tags("Intel PT Raised to $26.00 at Barclays")).toEqual(["INTC"]);
  });
});

describe("tagArticle: confidence and sentiment", () => {
  it("is surer of a security in the headline than of one met only in the lede", () => {
    const all = tagArticle(index, {
      title: "Apple beats estimates on record iPhone sales",
      excerpt: "Analysts said Samsung faces pressure in the premium segment.",
    });
    const apple = all.find((t) => t.symbol === "AAPL")!;
    const samsung = all.find((t) => t.symbol === "005930.KS")!;
    expect(apple.confidence).toBeGreaterThan(samsung.confidence);
    expect(apple).toMatchObject({ asset_class: "equity", sentiment: "bullish", evidence: "Apple" });
  });

  it("gives each security the direction of its own clause, and reads the quote currency inverted", () => {
    const [gold, oil] = ["GC=F", "CL=F"].map(
      (s) => tagArticle(index, { title: "Gold edges up 0.1%; oil sheds 0.6%" }).find((t) => t.symbol === s)!,
    );
    expect(gold!.sentiment).toBe("bullish");
    expect(oil!.sentiment).toBe("bearish");
    const yen = tagArticle(index, { title: "Yen climbs as investors seek safety" }).find(
      (t) => t.symbol === "USDJPY",
    );
    expect(yen?.sentiment).toBe("bearish");
  });
});
