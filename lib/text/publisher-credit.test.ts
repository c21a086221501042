import { describe, expect, it } from "vitest";

import { publisherKey, PublisherNames, stripLedeCredit, stripTitleCredit } from "./publisher-credit";

describe("publisherKey", () => {
  it("compares names loosely", () => {
    expect(publisherKey("The Global Dispatch (simulated)")).toBe(publisherKey("Global Dispatch"));
    expect(publisherKey("Philly.com")).toBe("philly");
    expect(publisherKey("https://www.engadget.com/")).toBe("engadget");
  });
});

describe("stripTitleCredit", () => {
  const names = new PublisherNames(["Global Dispatch (simulated)", "Byteline (simulated)", "The Republic"]);

  it("removes a registered source's name after a dash or a pipe", () => {
    expect(stripTitleCredit("Harrowgate agrees takeover worth $8.8bn - Global Dispatch", names)).toBe(
      "Harrowgate agrees takeover worth $8.8bn",
    );
    expect(stripTitleCredit("Regulator opens inquiry into phone data | Byteline", names)).toBe(
      "Regulator opens inquiry into phone data",
    );
    expect(
      stripTitleCredit("NBC signs Matt Lauer to contract extension on 'Today' show | The Republic", names),
    ).toBe("NBC signs Matt Lauer to contract extension on 'Today' show");
  });

  it("recognises outlets it was not told about by their shape", () => {
    expect(
      stripTitleCredit("Man lip synchs Celine Dion's 'All By Myself' at McCarran airport - FOX Carolina 21"),
    ).toBe("Man lip synchs Celine Dion's 'All By Myself' at McCarran airport");
    expect(stripTitleCredit("Man lip synchs at McCarran airport - WFSB 3  ...")).toBe(
      "Man lip synchs at McCarran airport",
    );
    expect(stripTitleCredit("Heat wave grips the north – Lakeside Herald")).toBe("Heat wave grips the north");
    expect(stripTitleCredit("Samsung unveils new line of tablets | The  ...")).toBe(
      "Samsung unveils new line of tablets",
    );
    expect(stripTitleCredit("Ten things to know this week — example.com")).toBe(
      "Ten things to know this week",
    );
  });

  it("keeps parts that belong to the headline", () => {
    for (const t of [
      "Astronauts to Watch World Cup aboard Space Station – Video",
      "Kutcher's proposal 'best day of my life' - Kunis",
      "Sharp CNY appreciation limited near term - BAML",
      "Samsung Galaxy Tab S 8 vs Apple iPad Mini - Which Tablet Should You Buy?",
      "'Underground oceans' potentially have 3 times more water than surface - study",
      "Stocks hit by Iraq and oil – S&P 500 off for 3rd day",
      "Spike Lee - Stars Pay Tribute To Ruby Dee",
      "Hong-Kong stocks rise",
      "Ebola outbreak spreads to a fourth country - WHO",
      "Oscars 2014 live — Watch Red Carpet & Show Online",
    ])
      expect(stripTitleCredit(t, names)).toBe(t);
  });

  it("never leaves less than a headline", () => {
    expect(stripTitleCredit("Breaking - Global Dispatch", names)).toBe("Breaking - Global Dispatch");
  });

  it("drops a wire's update marker and a leading known name", () => {
    expect(stripTitleCredit("UPDATE 2-Quake toll rises to 30 in Sendai")).toBe(
      "Quake toll rises to 30 in Sendai",
    );
    expect(stripTitleCredit("Byteline: Regulator opens inquiry into phone data", names)).toBe(
      "Regulator opens inquiry into phone data",
    );
  });
});

describe("stripLedeCredit", () => {
  it("removes a dateline's agency and a byline", () => {
    expect(stripLedeCredit("WASHINGTON (Reuters) - The Senate voted on Tuesday to pass the bill.")).toBe(
      "The Senate voted on Tuesday to pass the bill.",
    );
    expect(stripLedeCredit("(AP) — Rescuers reached the village.")).toBe("Rescuers reached the village.");
    expect(stripLedeCredit("By Jane Doe, Staff Writer - Rescuers reached the village overnight.")).toBe(
      "Rescuers reached the village overnight.",
    );
  });

  it("keeps a lede that starts with an ordinary parenthesis or with the word By", () => {
    const a = "By Tuesday the river had risen two metres.";
    expect(stripLedeCredit(a)).toBe(a);
    const b = "TOKYO (local time 3 pm) the quake struck.";
    expect(stripLedeCredit(b)).toBe(b);
  });
});
