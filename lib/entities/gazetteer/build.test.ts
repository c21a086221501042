import { describe, expect, it } from "vitest";

import { buildGazetteer } from "./build";

const entries = buildGazetteer();
const byName = new Map(entries.map((e) => [e.name, e]));

describe("buildGazetteer", () => {
  it("lists the 193 UN members, the two observer states, Taiwan and Kosovo as countries", () => {
    const countries = entries.filter((e) => e.subcategory === "country");
    expect(countries.length).toBe(197);
    for (const name of ["Taiwan", "Kosovo", "Palestine", "Vatican City", "South Sudan", "Tuvalu"]) {
      expect(byName.get(name)?.subcategory).toBe("country");
    }
  });

  it("gives every entry a unique id, a one-line description, and well-formed ids and URLs", () => {
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.description, e.name).toMatch(/^\S.*[.]$/);
      expect(e.description).not.toContain("\n");
      if (e.wikidataId) expect(e.wikidataId).toMatch(/^Q[1-9]\d*$/);
      if (e.wikipediaUrl) expect(e.wikipediaUrl).toMatch(/^https:\/\/en\.wikipedia\.org\/wiki\/[^\s]+$/);
    }
  });

  it("carries the short forms and aliases of major countries", () => {
    const us = byName.get("United States");
    expect(us).toMatchObject({ wikidataId: "Q30", type: "location", subcategory: "country" });
    expect(us?.aliases).toEqual(expect.arrayContaining(["U.S.", "US", "USA", "America"]));
    expect(byName.get("United Kingdom")?.aliases).toEqual(expect.arrayContaining(["UK", "Britain"]));
    expect(byName.get("Germany")?.demonyms).toContain("German");
  });

  it("has capitals, regions, organisations and office holders with a date", () => {
    expect(byName.get("Kyiv")).toMatchObject({
      subcategory: "city",
      country: "Ukraine",
      description: "Capital of Ukraine.",
    });
    expect(byName.get("Ouagadougou")?.description).toBe("Capital of Burkina Faso.");
    expect(byName.get("Gaza Strip")?.aliases).toContain("Gaza");
    expect(byName.get("NATO")).toMatchObject({
      type: "org",
      subcategory: "government_body",
      wikidataId: "Q7184",
    });
    expect(byName.get("Federal Reserve")?.aliases).toContain("Fed");
    const merz = byName.get("Friedrich Merz");
    expect(merz).toMatchObject({ type: "person", subcategory: "politician" });
    expect(merz?.asOf).toMatch(/^\d{4}-\d{2}$/);
    expect(entries.filter((e) => e.type === "person").length).toBeGreaterThanOrEqual(80);
    expect(entries.filter((e) => e.type === "org").length).toBeGreaterThanOrEqual(200);
  });
});
