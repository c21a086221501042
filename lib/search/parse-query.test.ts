import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Source } from "../db/types";
import { tempStore, testSource } from "../testing/temp-store";
import { ftsString, parseSearchQuery, titlePrefixExpression } from "./parse-query";
import { addArticles } from "./test-fixtures";

describe("parseSearchQuery", () => {
  it("ANDs words, keeps phrases whole and ORs with OR binding tighter than AND", () => {
    expect(parseSearchQuery("rates bonds").match).toBe('"rates" AND "bonds"');
    expect(parseSearchQuery('"central bank" rates').match).toBe('"central bank" AND "rates"');
    expect(parseSearchQuery("rates OR yields bonds").match).toBe('("rates" OR "yields") AND "bonds"');
    expect(parseSearchQuery("a OR b OR c").match).toBe('("a" OR "b" OR "c")');
  });

  it('turns -word and -"phrase" into exclusions', () => {
    const p = parseSearchQuery('volcano -iceland -"air travel"');
    expect(p.match).toBe('("volcano") NOT ("iceland" OR "air travel")');
    expect(p.exclude).toBe('"iceland" OR "air travel"');
    expect(p.terms).toEqual(["volcano"]);
  });

  it("has nothing to match when only exclusions, operators or punctuation are left", () => {
    for (const q of ["-iceland", "OR", "* : ( )", '""', "❤️ 🎉", "- -"])
      expect(parseSearchQuery(q).match).toBeNull();
  });

  it("treats stray OR, lower-case or and a lone dash as plain text", () => {
    expect(parseSearchQuery("OR rates OR").match).toBe('"rates"');
    expect(parseSearchQuery("war or peace").match).toBe('"war" AND "or" AND "peace"');
    expect(parseSearchQuery("rates - bonds").match).toBe('"rates" AND "bonds"');
  });

  it("quotes every item, doubling inner quotes and blanking control characters", () => {
    expect(ftsString('say "hi"')).toBe('"say ""hi"""');
    expect(ftsString("a\u0000b")).toBe('"a b"');
    expect(parseSearchQuery('NEAR(a b) title:x "unterminated phrase').match).toBe(
      '"NEAR(a" AND "b)" AND "title:x" AND "unterminated phrase"',
    );
  });

  it("builds a title-prefix expression for suggestions", () => {
    expect(titlePrefixExpression("Interest ra")).toBe('title : "interest ra"*');
    expect(titlePrefixExpression("  ** ")).toBeNull();
  });
});

describe("parsed queries against the FTS5 index", () => {
  const store = tempStore();
  let source: Source;
  beforeAll(async () => {
    source = await testSource(store);
    await addArticles(store, source, [
      { title: "Volcano erupts near Reykjavik", url: "https://w.test/1", discoveredAt: 1 },
      { title: "Central bank raises interest rates", url: "https://w.test/2", discoveredAt: 2 },
      {
        title: "Café owners welcome rate cut",
        url: "https://w.test/3",
        discoveredAt: 3,
        excerpt: "Über-cheap loans",
      },
      { title: "Bond yields fall as rates ease", url: "https://w.test/4", discoveredAt: 4 },
    ]);
  });
  afterAll(() => store.cleanup());

  const search = async (q: string) => {
    const { match } = parseSearchQuery(q);
    if (!match) return [];
    const { items } = await store.search.articles({ match, limit: 10, offset: 0 });
    return items.map((i) => i.article.title);
  };

  it("never raises an FTS5 syntax error, whatever the user types", async () => {
    const nasty = [
      '"',
      '""',
      '"""',
      "*",
      "rate*",
      "*rate",
      "NEAR",
      "NEAR(volcano reykjavik)",
      "NEAR/2",
      "-",
      "--rates",
      "-rates -bank",
      ":",
      "title:volcano",
      "{title}: volcano",
      "(",
      ")",
      "((rates",
      "rates)",
      "AND",
      "NOT",
      "rates NOT",
      "OR OR OR",
      "^rates",
      "+rates",
      "rates AND OR NOT bank",
      "\u0000",
      "a\u0000b",
      "日本 経済",
      "مرحبا",
      "😀 rates",
      "\uD800",
      "rates\\",
      "'; DROP TABLE articles; --",
      "%_",
    ];
    for (const q of nasty) await expect(search(q), q).resolves.toBeInstanceOf(Array);
    expect(await search("volcano NEAR reykjavik")).toEqual(["Volcano erupts near Reykjavik"]);
  });

  it("never raises on 3,000 random strings of FTS5 operators, quotes and unicode", async () => {
    const alphabet = [
      '"',
      "*",
      "-",
      ":",
      "(",
      ")",
      "^",
      "+",
      "{",
      "}",
      " ",
      " ",
      "a",
      "é",
      "日",
      "😀",
      "\u0000",
      "\\",
    ];
    const words = ["NEAR", "AND", "OR", "NOT", "rates", "title", "NEAR/3"];
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3_000; i++) {
      let q = "";
      for (let j = rnd(20); j >= 0; j--)
        q += rnd(3) === 0 ? ` ${words[rnd(words.length)]} ` : alphabet[rnd(alphabet.length)];
      await expect(search(q), JSON.stringify(q)).resolves.toBeInstanceOf(Array);
    }
  });

  it("matches stems, folds diacritics and honours phrases, OR and exclusions", async () => {
    expect(await search("raising")).toEqual(["Central bank raises interest rates"]);
    expect(await search("cafe uber")).toEqual(["Café owners welcome rate cut"]);
    expect(await search('"interest rates"')).toEqual(["Central bank raises interest rates"]);
    expect(await search('"rates interest"')).toEqual([]);
    expect((await search("volcano OR yields")).sort()).toEqual(
      ["Bond yields fall as rates ease", "Volcano erupts near Reykjavik"].sort(),
    );
    expect((await search("rates -bank")).sort()).toEqual(
      ["Bond yields fall as rates ease", "Café owners welcome rate cut"].sort(),
    );
  });
});
