import { describe, expect, it } from "vitest";

import { showsPriority } from "./card-badges";

describe("showsPriority", () => {
  it("shows Breaking once: a breaking story's label says it, so its priority badge is left out", () => {
    expect(showsPriority("Breaking", "breaking")).toBe(false);
  });

  it("shows the priority when the label says something else, or there is no label", () => {
    expect(showsPriority("Developing", "breaking")).toBe(true);
    expect(showsPriority("Trending", "high")).toBe(true);
    expect(showsPriority(null, "breaking")).toBe(true);
  });
});
