import { describe, expect, it } from "vitest";

import { listWords, matchNote, missingTerms, type MatchFacts } from "./match-note";

const facts = (f: Partial<MatchFacts>): MatchFacts => ({
  total: 0,
  textTotal: 0,
  terms: [],
  entities: [],
  anyOf: false,
  ...f,
});
const WORLD_CUP_SUAREZ = [
  { text: "world", articles: 1204 },
  { text: "cup", articles: 310 },
  { text: "suarez", articles: 0 },
];

describe("matchNote", () => {
  it("says a word no article holds, and that the results come from an entity, never dropping the word silently", () => {
    const f = facts({ total: 143, textTotal: 0, terms: WORLD_CUP_SUAREZ, entities: ["World Cup"] });
    expect(missingTerms(f)).toEqual(["suarez"]);
    expect(matchNote(f)).toBe(
      "No article matches the whole query: “suarez” is in no article. The 143 articles below are about World Cup.",
    );
  });

  it("names every missing word when nothing matches at all", () => {
    const f = facts({
      terms: [
        { text: "minister", articles: 57 },
        { text: "suarez", articles: 0 },
        { text: "zzq", articles: 0 },
      ],
    });
    expect(matchNote(f)).toBe("Nothing matches: “suarez” and “zzq” are in no article.");
  });

  it("says when each word is somewhere but never all in one article", () => {
    const f = facts({
      terms: [
        { text: "volcano", articles: 4 },
        { text: "bitcoin", articles: 9 },
      ],
    });
    expect(matchNote(f)).toBe("Each word is in some article, but no article holds them all.");
  });

  it("splits text matches from the articles added for a named entity", () => {
    const f = facts({
      total: 30,
      textTotal: 12,
      terms: [
        { text: "musk", articles: 20 },
        { text: "tesla", articles: 25 },
      ],
      entities: ["Elon Musk", "Tesla"],
    });
    expect(matchNote(f)).toBe("12 match the whole query; 18 more are about Elon Musk and Tesla.");
  });

  it("confirms that every result holds every word, or the whole query with OR", () => {
    const terms = [
      { text: "rates", articles: 5 },
      { text: "bonds", articles: 3 },
    ];
    expect(matchNote(facts({ total: 2, textTotal: 2, terms }))).toBe("Every one contains all the words.");
    expect(matchNote(facts({ total: 6, textTotal: 6, terms, anyOf: true }))).toBe(
      "Every one matches the whole query.",
    );
    expect(matchNote(facts({ total: 5, textTotal: 5, terms: [{ text: "rates", articles: 5 }] }))).toBeNull();
  });

  it("names at most three entities, and counts the rest", () => {
    const names = ["World", "Web World", "Guinness World", "Harry Potter World", "Wizarding World"];
    expect(matchNote(facts({ total: 19, terms: WORLD_CUP_SUAREZ, entities: names }))).toBe(
      "No article matches the whole query: “suarez” is in no article. The 19 articles below are about World, " +
        "Web World, Guinness World and 2 other entities.",
    );
  });

  it("lists words as prose", () => {
    expect(listWords(["a"])).toBe("a");
    expect(listWords(["a", "b", "c"])).toBe("a, b and c");
  });
});
