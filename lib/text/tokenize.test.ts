import { describe, expect, it } from "vitest";
import porter2 from "wink-porter2-stemmer";

import { articleWords, cleanHeadline, stem, titleTokens, urlSlugWords } from "./tokenize";

describe("headline tokens", () => {
  it("drops the aggregator's cut-off word, a trailing publisher credit and entity leftovers", () => {
    expect(cleanHeadline("Tesla opens patent library in bold  ...")).toBe("Tesla opens patent library in");
    expect(cleanHeadline("Stocks rally on Fed hopes - Reuters")).toBe("Stocks rally on Fed hopes");
    expect(cleanHeadline("AT&amp;T buys DirecTV")).toBe("AT T buys DirecTV");
  });

  it("stems content words and drops stop words, keeping numbers as they are", () => {
    expect(titleTokens("The iPhone 6 launches: Apple's biggest phones")).toEqual([
      "iphon",
      "6",
      "launch",
      "appl",
      "biggest",
      "phone",
    ]);
    expect(titleTokens("Friday the 13th")).toEqual(["friday", "13th"]);
  });

  it("memoises stems without changing them, past the memo's bound", () => {
    const words = Array.from({ length: 120_000 }, (_, i) => `launch${i.toString(36)}ing`);
    for (const w of [...words.slice(0, 10), ...words, ...words.slice(0, 10)])
      expect(stem(w)).toBe(porter2(w));
    expect(stem("generously")).toBe("generous");
    expect(stem("generously")).toBe("generous");
  });
});

describe("URL slug words", () => {
  it("reads the descriptive slug and ignores ids, dates and extensions", () => {
    const words = urlSlugWords(
      "http://www.foxbusiness.com/industries/2014/06/12/tesla-opens-patent-library-in-bold-move/?utm_source=x",
    );
    expect(words.map((w) => w.term)).toEqual(["tesla", "open", "patent", "librari", "bold", "move"]);
    expect(
      urlSlugWords("https://news.test/article-2656629/Interest-rates-rise.html").map((w) => w.word),
    ).toEqual(["interest", "rates", "rise"]);
    expect(urlSlugWords("https://news.test/story/123456")).toEqual([]);
  });

  it("ignores the synthetic URLs of imported records", () => {
    expect(urlSlugWords("https://import.invalid/lede-import/some-record")).toEqual([]);
  });

  it("adds only the slug words a headline lacks", () => {
    const words = articleWords(
      "Tesla opens patent library in  ...",
      "https://x.test/tesla-opens-patent-library-in-bold-move",
    );
    expect(words.map((w) => w.term)).toEqual(["tesla", "open", "patent", "librari", "bold", "move"]);
  });
});
