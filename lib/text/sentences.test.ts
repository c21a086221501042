import { describe, expect, it } from "vitest";

import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("splits on stops followed by a new sentence", () => {
    expect(
      splitSentences("Rescuers reached Shiraz. At least 30 died! Was it foreseen? “Yes,” she said."),
    ).toEqual(["Rescuers reached Shiraz.", "At least 30 died!", "Was it foreseen?", "“Yes,” she said."]);
  });

  it("does not split after abbreviations, initials, acronyms or decimals", () => {
    expect(
      splitSentences(
        "Mr. Smith met U.S. officials on Jan. 5 with J. Doe. Shares rose 3.5 per cent to $8.8bn.",
      ),
    ).toEqual(["Mr. Smith met U.S. officials on Jan. 5 with J. Doe.", "Shares rose 3.5 per cent to $8.8bn."]);
  });

  it("keeps an unfinished tail as the last sentence", () => {
    expect(splitSentences("The vote passed. Officials said the next step would …")).toEqual([
      "The vote passed.",
      "Officials said the next step would …",
    ]);
  });
});
