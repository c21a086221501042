import { describe, expect, it } from "vitest";

import { shortLabel } from "./labels";

describe("shortLabel", () => {
  it("keeps a label that fits, trimmed", () => {
    expect(shortLabel("  Reykjavik ", 30)).toBe("Reykjavik");
    expect(shortLabel("x".repeat(30), 30)).toBe("x".repeat(30));
  });

  it("cuts between words, drops trailing punctuation and ends with an ellipsis", () => {
    const headline = "Iran Earthquake: Buildings collapse in Shiraz as rescuers search the rubble";
    const label = shortLabel(headline, 40);
    expect(label).toBe("Iran Earthquake: Buildings collapse in…");
    expect(label.length).toBeLessThanOrEqual(40);
    expect(shortLabel("Iran Earthquake: Buildings", 18)).toBe("Iran Earthquake…");
  });

  it("keeps a word that ends exactly at the cut", () => {
    expect(shortLabel("Andes Mirror Group Holdings", 13)).toBe("Andes Mirror…");
  });

  it("cuts inside a word only when the first word alone overflows, and then still shows the ellipsis", () => {
    expect(shortLabel("Supercalifragilistic Holdings", 10)).toBe("Supercali…");
    expect(shortLabel("A Supercalifragilistic", 10)).toBe("A Superca…");
  });

  it("never returns more than max characters or a cut without an ellipsis", () => {
    const text = "The Very Large Telescope, run by the European Southern Observatory in Chile";
    for (let max = 2; max < text.length; max++) {
      const label = shortLabel(text, max);
      expect(label.length).toBeLessThanOrEqual(max);
      expect(label.endsWith("…")).toBe(true);
      expect(text.startsWith(label.slice(0, -1))).toBe(true);
    }
  });
});
