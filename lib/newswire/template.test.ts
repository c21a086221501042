import { describe, expect, it } from "vitest";

import { Rng } from "./random";
import { render, titleCase } from "./template";

describe("render", () => {
  it("fills slots and picks one alternative of each group, nested groups included", () => {
    const seen = new Set<string>();
    const rng = new Rng("t");
    for (let i = 0; i < 200; i++)
      seen.add(render("[Strong|Deadly [quake|earthquake]] hits {city}", { city: "Lima" }, rng));
    expect(seen).toEqual(
      new Set(["Strong hits Lima", "Deadly quake hits Lima", "Deadly earthquake hits Lima"]),
    );
  });

  it("tidies the spaces an empty alternative leaves and capitalises the first letter", () => {
    expect(render("[|] at least {n} dead ,[ officials say|]", { n: "4" }, new Rng(1))).toMatch(
      /^At least 4 dead,( officials say)?$/,
    );
  });

  it("keeps the space before a quoted title", () => {
    expect(render("{who} sues over '{film}'", { who: "Ana Ruiz", film: "Salt Tide" }, new Rng(1))).toBe(
      "Ana Ruiz sues over 'Salt Tide'",
    );
  });

  it("throws on a slot the event does not have, and on an unclosed group", () => {
    expect(() => render("{missing} wins", {}, new Rng(1))).toThrow(/unknown slot \{missing\}/);
    expect(() => render("[a|b wins", {}, new Rng(1))).toThrow(/unclosed/);
  });
});

describe("titleCase", () => {
  it("capitalises words but keeps small words, numbers and acronyms as they are", () => {
    expect(titleCase("death toll from Peru quake rises to 40 as WHO sends aid")).toBe(
      "Death Toll from Peru Quake Rises to 40 as WHO Sends Aid",
    );
    expect(titleCase("live: Lyon Falcons v Rio de Janeiro Rovers")).toBe(
      "Live: Lyon Falcons v Rio de Janeiro Rovers",
    );
  });
});

describe("Rng", () => {
  it("repeats a seed exactly, and forks one stream per label", () => {
    const a = new Rng("s");
    const b = new Rng("s");
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    const c = new Rng("s");
    const forkBefore = c.fork("x").next();
    expect(new Rng("s").fork("x").next()).toBe(forkBefore);
    expect(new Rng("s").fork("y").next()).not.toBe(forkBefore);
  });
});
