import { describe, expect, it } from "vitest";

import { htmlToText } from "../text/html";
import { DIFFERENT, SYNDICATED, type Text } from "./fixtures";
import { bandKeys, minhash } from "./minhash";
import { nearDuplicateKeys, sameText } from "./near-duplicate";
import { dedupText, jaccard, shingles } from "./text-shingles";

// Titles reach the check as the pipeline stores them: HTML decoded.
const prepared = (t: Text) => dedupText(htmlToText(t.title), t.excerpt && htmlToText(t.excerpt));

describe("near-duplicate text", () => {
  it.each(SYNDICATED)("links a syndicated copy: %s", (_, a, b) => {
    const [ta, tb] = [prepared(a), prepared(b)];
    expect(sameText(ta, tb)).toBe(true);
    expect(sameText(tb, ta)).toBe(true);
    // The copy must also be found: it shares at least one LSH key with the original.
    const keysA = new Set(nearDuplicateKeys(ta));
    expect(nearDuplicateKeys(tb).some((k) => keysA.has(k))).toBe(true);
  });

  it.each(DIFFERENT)("keeps apart a different story on the same topic: %s", (_, a, b) => {
    expect(sameText(prepared(a), prepared(b))).toBe(false);
  });

  it("drops outlet credits from headlines and wire credits from ledes", () => {
    const t = dedupText(
      "Bridge reopens after repairs - The Local Paper",
      "LONDON (Reuters) - The bridge reopened.",
    );
    expect(t.title).toEqual(["bridge", "reopens", "after", "repairs"]);
    expect(
      dedupText(
        "x",
        "LONDON (Reuters) - The old bridge over the river reopened to traffic today after repairs",
      ).excerpt,
    ).not.toContain("reuters");
  });
});

describe("MinHash LSH", () => {
  const text = (s: string) => shingles(s.split(" "));

  it("gives identical texts identical keys and unrelated texts none in common", () => {
    const a = text("the central bank raised its main interest rate by a quarter point on thursday");
    const b = text("heavy rain flooded roads across the north of the country overnight closing schools");
    expect(bandKeys(minhash(a))).toEqual(bandKeys(minhash(new Set(a))));
    const kb = new Set(bandKeys(minhash(b)));
    expect(bandKeys(minhash(a)).filter((k) => kb.has(k))).toEqual([]);
  });

  it("estimates Jaccard similarity from the share of equal signature entries", () => {
    const base =
      "officials said the new rail line would open to passengers next spring after years of delays and cost overruns";
    const a = text(base);
    const b = text(`${base} according to a statement released on tuesday by the transport ministry`);
    const [sa, sb] = [minhash(a), minhash(b)];
    const agree = sa.filter((v, i) => v === sb[i]).length / sa.length;
    expect(Math.abs(agree - jaccard(a, b))).toBeLessThan(0.2);
  });
});
