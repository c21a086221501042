import { describe, expect, it } from "vitest";

import { splitSentences } from "./split";

const words = (text: string) => splitSentences(text).map((s) => s.map((t) => t.text));

describe("splitSentences", () => {
  it("does not end a sentence after an abbreviation, a title or an initial", () => {
    expect(words("Mr. Smith met Sen. Jones on Jan. 5 in St. Louis. John F. Kennedy spoke.")).toEqual([
      ["Mr", "Smith", "met", "Sen", "Jones", "on", "Jan", "5", "in", "St", "Louis"],
      ["John", "F", "Kennedy", "spoke"],
    ]);
  });

  it("keeps acronym periods and ends a sentence after one only before a sentence opener", () => {
    expect(words("Exports to the U.S. The data surprised. The U.S. Senate voted.")).toEqual([
      ["Exports", "to", "the", "U.S."],
      ["The", "data", "surprised"],
      ["The", "U.S.", "Senate", "voted"],
    ]);
  });

  it("splits hyphenated words made of letters, keeps codes whole, and keeps punctuation in pre/post", () => {
    const [terms = []] = splitSentences('"Caldwell-Reyes," said the Bengaluru-based F-35 maker (AT&T).');
    expect(terms.map((t) => t.text)).toEqual([
      "Caldwell",
      "Reyes",
      "said",
      "the",
      "Bengaluru",
      "based",
      "F-35",
      "maker",
      "AT&T",
    ]);
    expect(terms[0]).toMatchObject({ pre: '"', post: "-" });
    expect(terms[1]?.post).toBe(',"' + " ");
    expect(terms[8]).toMatchObject({ pre: "(", post: ")." });
  });

  it("attaches stray punctuation to the previous word and keeps & as a word", () => {
    expect(words("Fenwick & Hale — the firm ...")).toEqual([["Fenwick", "&", "Hale", "the", "firm"]]);
  });
});
