import { describe, expect, it } from "vitest";

import { extractEntities } from "./extract-entities";
import { outletName, OutletNames, stripCredits } from "./outlets";

const registry = new OutletNames([
  "Andes Mirror (simulated)",
  "Lakeside Herald (simulated)",
  "Byteline (simulated)",
  "Reuters",
  "Bloomberg",
  "Business Wire (press release)",
  "CNBC.com",
  "Boston.com",
]);
const names = (title: string, opts: Parameters<typeof extractEntities>[1] = { outlets: registry }) =>
  extractEntities({ title }, opts).entities.map((e) => `${e.name}/${e.type}`);

describe("stripCredits", () => {
  it("removes trailing credits, datelines, wire markers and staff bylines", () => {
    expect(stripCredits("Floods Kill 11 in Peru - Lakeside Herald", registry)).toBe("Floods Kill 11 in Peru");
    expect(stripCredits("Quillon shares rise after launch | Byteline", registry)).toBe(
      "Quillon shares rise after launch",
    );
    expect(stripCredits("LONDON (Reuters) - Shares fell on Monday.", registry)).toBe(
      "Shares fell on Monday.",
    );
    expect(stripCredits("UPDATE 2-Xylo to buy Bramwell", registry)).toBe("Xylo to buy Bramwell");
    expect(stripCredits("US STOCKS-Wall St flat after gain", registry)).toBe("Wall St flat after gain");
    expect(stripCredits("By Andes Mirror Staff. Rain fell in Lima.", registry)).toBe("Rain fell in Lima.");
    // Not registered, but a publisher by its words.
    expect(stripCredits("Fed holds rates - Wall Street Journal")).toBe("Fed holds rates");
  });

  it("keeps what is not a credit", () => {
    expect(stripCredits("Iran earthquake - buildings collapse in Shiraz", registry)).toBe(
      "Iran earthquake - buildings collapse in Shiraz",
    );
    expect(stripCredits("Obama meets Merkel - Berlin", registry)).toBe("Obama meets Merkel - Berlin");
    expect(stripCredits("US-Russia space ties hold", registry)).toBe("US-Russia space ties hold");
    expect(stripCredits("WASHINGTON (Capitol Hill mood) - nothing", registry)).toBe(
      "WASHINGTON (Capitol Hill mood) - nothing",
    );
  });
});

describe("outlet names", () => {
  it("drop the registry's qualifiers", () => {
    expect(outletName("Andes Mirror (simulated)")).toBe("Andes Mirror");
    expect(outletName("Business Wire (press release)")).toBe("Business Wire");
    expect(registry.has("the Andes Mirror")).toBe(true);
    expect(registry.has("CNBC")).toBe(true);
    // A host named after a city does not make the city an outlet.
    expect(registry.has("Boston")).toBe(false);
  });

  it("are never entities, alone or glued to another name", () => {
    expect(names("Rains flood Guadalajara Andes Mirror")).toEqual(["Guadalajara/location"]);
    expect(names("Reuters says Tokyo markets rallied")).toEqual(["Tokyo/location"]);
    expect(names("Business Wire reports Paris deal")).toEqual(["Paris/location"]);
  });

  it("cut a one-word outlet only as a whole name", () => {
    expect(names("Michael Bloomberg visits Chicago")).toEqual(
      expect.arrayContaining(["Michael Bloomberg/person", "Chicago/location"]),
    );
    expect(names("Bloomberg says Chicago grew")).toEqual(["Chicago/location"]);
  });

  it("include the article's own source even when it is not registered", () => {
    expect(
      names("Harbour Gazette poll puts Labour ahead in Leeds", { source: "Harbour Gazette" }),
    ).not.toContain("Harbour Gazette/org");
    expect(names("Harbour Gazette poll puts Labour ahead in Leeds", {})).toContain("Harbour Gazette/org");
  });
});

describe("sources that are entities themselves", () => {
  it("are not outlets: a press-release feed does not hide the organisation", () => {
    const r = new OutletNames([
      "World Health Organization (press release)",
      "The White House (blog)",
      "CNN",
      "NASDAQ",
    ]);
    expect(r.has("World Health Organization")).toBe(false);
    expect(r.has("White House")).toBe(false);
    expect(r.has("CNN")).toBe(true);
    // Registered under its bare name, it is an outlet: its name is never an entity.
    expect(r.has("Nasdaq")).toBe(true);
    expect(
      extractEntities({ title: "World Health Organization warns of measles" }, { outlets: r }).entities.map(
        (e) => e.name,
      ),
    ).toContain("World Health Organization");
  });
});

describe("an outlet named by another form", () => {
  it("is still no entity ('WSJ' is The Wall Street Journal)", () => {
    const r = new OutletNames(["Wall Street Journal (blog)"]);
    const found = (opts: Parameters<typeof extractEntities>[1]) =>
      extractEntities({ title: "Fed minutes show caution, WSJ reports" }, opts).entities.map((e) => e.name);
    expect(found({})).toContain("The Wall Street Journal");
    expect(found({ outlets: r })).not.toContain("The Wall Street Journal");
  });
});
