import { describe, expect, it } from "vitest";

import { popularCompletions } from "./suggest";

describe("popularCompletions", () => {
  const titles = [
    "Interest rates rise again",
    "Why interest rates matter",
    "Interest rate cut expected",
    "Rates of interest: a primer",
    "Markets rally as interest rates hold",
  ];

  it("completes the last word, most frequent first, one vote per title", () => {
    expect(popularCompletions(titles, ["interest", "ra"])).toEqual(["interest rates", "interest rate"]);
    expect(popularCompletions(["Rates rates rates"], ["ra"])).toEqual(["rates"]);
  });

  it("matches without case or diacritics and leaves out stop-word completions", () => {
    expect(popularCompletions(["Café culture", "CAFE prices", "Cafés close"], ["cafe"])).toEqual([
      "café",
      "cafés",
    ]);
    expect(popularCompletions(["The theory of the thing"], ["th"])).toEqual(["theory", "thing"]);
    expect(popularCompletions(["AT&T and T-Mobile", "Tea time"], ["t"])).toEqual(["tea", "time"]);
  });

  it("returns nothing for no words", () => {
    expect(popularCompletions(titles, [])).toEqual([]);
  });
});
