import { describe, expect, it } from "vitest";

import { extractEntities } from "./extract-entities";

const names = (title: string, text = "") =>
  extractEntities({ title, text })
    .entities.map((e) => `${e.name}/${e.type}`)
    .sort();

describe("what is a name, and of what type", () => {
  it("types companies, clubs and research bodies as organisations, and not every organisation as a company", () => {
    const e = extractEntities({
      title: "Harrowgate Automotive recalls 20,000 cars",
      text: "Researchers at Stanford University and MIT joined the Very Large Telescope team.",
    }).entities;
    const of = (n: string) => e.find((x) => x.name === n);
    expect(of("Harrowgate Automotive")).toMatchObject({ type: "org", subcategory: "company" });
    expect(of("Stanford University")).toMatchObject({ type: "org", subcategory: null });
    expect(of("MIT")).toMatchObject({ type: "org", subcategory: null });
    expect(of("Very Large Telescope")?.type).toBe("org");
    expect(names("Frankfurt Wanderers beaten 3-0 by Sylhet Sporting")).toEqual([
      "Frankfurt Wanderers/org",
      "Sylhet Sporting/org",
    ]);
  });

  it("leaves out quoted titles, events, prizes, planets, tickers and indices", () => {
    expect(names("Wanjiru Delgado's 'Broken Frontier' beats expectations")).toEqual([
      "Wanjiru Delgado/person",
    ]);
    expect(names("'Salt Witness' takes the top award at the Golden Lantern Awards")).toEqual([]);
    expect(names("Córdoba Lions win the Super Cup")).toEqual(["Córdoba Lions/org"]);
    expect(names("JAXA probe heads for Venus")).not.toContain("Venus/location");
    expect(names("Tesla Motors Inc (TSLA) names a new chief")).toEqual(["Tesla/org"]);
    expect(names("Shares rise as the Dow Jones Industrial Average gains")).toEqual([]);
  });

  it("ends a headline's name at its verb and keeps a name that is also a word", () => {
    expect(names("Steve Martin Dismisses Gay Father Of The Bride")).toEqual(["Steve Martin/person"]);
    expect(names("Ruby Dee Passes in New Rochelle")).toContain("Ruby Dee/person");
    expect(names("Kanye West Makes Appearance at Cannes Lions Festival")).toEqual(["Kanye West/person"]);
  });

  it("keeps a company's name apart from its product, and its ticker-like roles apart from it", () => {
    expect(names("Samsung Galaxy Tab Pro prices keep dropping")).toContain("Samsung Electronics/org");
    expect(names("AT&T CEO doubts regulators will approve the deal")).toEqual(["AT&T/org"]);
  });

  it("reads surnames that are titles, friends named after the word, and place names led by an ordinary word", () => {
    expect(names("Kerry Washington to Help Design an Olivia Pope Clothing Line")).toContain(
      "Olivia Pope/person",
    );
    expect(names("Katy Perry starts a record label with Capitol Records, signs friend Ferras")).toContain(
      "Ferras/person",
    );
    expect(names("Ruby Dee Passes in New Rochelle")).toEqual(["New Rochelle/location", "Ruby Dee/person"]);
    expect(names("JAXA's probe heads out", "JAXA launched its probe on Monday.")).toEqual(["JAXA/org"]);
  });

  it("reads a place from a disaster after it and an airline from its flight number", () => {
    expect(names("Sendai Earthquake Leaves 4 Dead")).toEqual(["Sendai/location"]);
    expect(names("Investigators question crew of Asiana flight 214", "")).toEqual(["Asiana/org"]);
  });
});
