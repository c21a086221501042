import { describe, expect, it } from "vitest";

import { CATEGORIES } from "../categories";
import { CHECK_HEADLINES } from "./check-headlines";
import { classifyCategory, scoreCategories } from "./classify-category";

describe("classifyCategory", () => {
  const cases = CATEGORIES.flatMap((c) => CHECK_HEADLINES[c].map((h) => [c, h] as const));

  it("classifies five in six hand-written headlines right, and at least four in six of each category", () => {
    const weak: string[] = [];
    let right = 0;
    for (const category of CATEGORIES) {
      const got = CHECK_HEADLINES[category].map((h) => classifyCategory(h));
      const n = got.filter((g) => g === category).length;
      right += n;
      if (n < 4) weak.push(`${category}: ${n}/6 (${got.join(", ")})`);
    }
    expect(weak).toEqual([]);
    expect(right).toBeGreaterThanOrEqual(50);
  });

  it("only ever answers with a contract category slug, or null", () => {
    for (const [, h] of cases) {
      const c = classifyCategory(h);
      if (c !== null) expect(CATEGORIES).toContain(c);
    }
  });

  it("abstains when the text carries no evidence", () => {
    expect(classifyCategory("")).toBeNull();
    expect(classifyCategory("Zorvath klemp in Quorrin")).toBeNull();
  });

  it("lets an excerpt decide a vague headline", () => {
    expect(classifyCategory("What happened on Saturday")).not.toBe("sports");
    expect(
      classifyCategory(
        "What happened on Saturday",
        "The striker scored twice in stoppage time as the club clinched the league title in front of 60,000 fans.",
      ),
    ).toBe("sports");
  });

  it("scores every category", () => {
    expect(Object.keys(scoreCategories("Bitcoin rallies").scores).sort()).toEqual([...CATEGORIES].sort());
  });
});
