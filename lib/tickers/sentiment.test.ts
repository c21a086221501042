import { describe, expect, it } from "vitest";

import { clauseOf, marketSentiment, securitySentiment } from "./sentiment";

const cls = (h: string) => marketSentiment(h).sentiment;

describe("marketSentiment", () => {
  it("reads the finance phrasing that moves a holding", () => {
    expect(cls("Oracle beats estimates as cloud sales grow")).toBe("bullish");
    expect(cls("Nike misses estimates on weak China demand")).toBe("bearish");
    expect(cls("Goldman downgrades Tesla to sell")).toBe("bearish");
    expect(cls("Analysts upgrade Boeing after order win")).toBe("bullish");
    expect(cls("GM recalls 1.5 million SUVs")).toBe("bearish");
    expect(cls("Intel cuts its full-year guidance")).toBe("bearish");
    expect(cls("Retailer raises annual outlook")).toBe("bullish");
    expect(cls("Company files for Chapter 11 bankruptcy")).toBe("bearish");
  });

  it("turns a phrase around after a negation, and stays neutral without direction", () => {
    expect(cls("Regulator does not approve the merger")).toBe("bearish");
    expect(cls("Apple to hold developer conference in June")).toBe("neutral");
  });

  it("keeps the score in [-1, 1] and names the cues behind a direction", () => {
    const r = marketSentiment("Shares soar to record high as profit jumps and company beats estimates");
    expect(r.score).toBeLessThanOrEqual(1);
    expect(r.score).toBeGreaterThan(0.8);
    expect(r.cues[0]).toBe("beats estimates");
  });
});

describe("securitySentiment", () => {
  it("reads the clause that names the security when a headline joins two statements", () => {
    expect(clauseOf("Gold edges up 0.1%; oil sheds 0.6%", "oil")).toBe("oil sheds 0.6%");
    expect(clauseOf("Gold edges up", "Gold")).toBeNull();
    expect(
      securitySentiment("FedEx, BlackBerry gain; ConAgra falls on warning", null, "ConAgra").sentiment,
    ).toBe("bearish");
    expect(
      securitySentiment("FedEx, BlackBerry gain; ConAgra falls on warning", null, "FedEx").sentiment,
    ).toBe("bullish");
  });

  it("inverts for the other side of a pair", () => {
    expect(securitySentiment("Yen rises against the dollar", null, "Yen", true).sentiment).toBe("bearish");
  });
});
