import { describe, expect, it } from "vitest";

import { gazetteer, GazetteerIndex, phraseKey } from "./index";

describe("GazetteerIndex", () => {
  const gaz = gazetteer();

  it("finds an entry by any alias phrase, with the case rule of the alias", () => {
    const us = gaz.lookup(phraseKey("U.S."));
    expect(us?.map((f) => f.entry.name)).toEqual(["United States", "United States"]);
    expect(us?.every((f) => f.rule === "upper")).toBe(true);
    expect(gaz.lookup(phraseKey("Nato"))?.find((f) => f.form === "Nato")?.rule).toBe("capitalized");
    expect(gaz.lookup(phraseKey("xAI"))?.[0]?.rule).toBe("exact");
  });

  it("keeps both places a shared name can mean", () => {
    expect(
      gaz
        .lookup("georgia")
        ?.map((f) => f.entry.id)
        .sort(),
    ).toEqual(["location:georgia", "location:georgia us state"]);
  });

  it("keeps commas of aliases as words and knows alias prefixes", () => {
    expect(phraseKey("Washington, D.C.")).toBe("washington , dc");
    expect(gaz.lookup("washington , dc")?.[0]?.entry.name).toBe("Washington, D.C.");
    expect(gaz.hasPrefix("united states of")).toBe(true);
    expect(gaz.hasPrefix("united kingdom of")).toBe(false);
  });

  it("maps demonyms to their country", () => {
    expect(gaz.demonym("german")?.name).toBe("Germany");
    expect(gaz.demonym("north korean")?.name).toBe("North Korea");
  });

  it("builds from any entry list", () => {
    const small = new GazetteerIndex([{ ...gaz.entries[0]!, aliases: ["Foo Bar Baz"] }]);
    expect(small.maxWords).toBe(3);
    expect(small.lookup("foo bar baz")).toHaveLength(1);
  });
});
