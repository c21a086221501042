import { describe, expect, it } from "vitest";

import { CATEGORIES } from "../categories";
import { CHECK_HEADLINES } from "./check-headlines";
import { classifyCategory, scoreCategories } from "./classify-category";
import { textFeatures } from "./features";

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

  it("files the headlines seen misfiled on the dashboard under their real topic", () => {
    expect(classifyCategory("Tens of thousands protest in Abuja")).toBe("world");
    expect(classifyCategory("Rahimi Defends Beacon Job Cuts")).toBe("business");
    expect(classifyCategory("Demir Seeks to Bring Down PM")).not.toBe("health");
    expect(classifyCategory("Miami swelters in record heat as temperatures soar")).toBe("climate");
    expect(classifyCategory("Plane carrying 97 crash-lands near Bengaluru airport")).toBe("world");
    expect(classifyCategory("Government faces no-confidence vote after coalition split")).toBe("politics");
    expect(classifyCategory("Rovers stunned 3-1 at home in the cup final")).toBe("sports");
  });

  it("reads a scoreline as a match result, and a date range or a year span as neither", () => {
    expect(textFeatures("Titans beat Mariners 3-1")).toContain("scorelin");
    expect(textFeatures("Sales rose in 2013-14")).not.toContain("scorelin");
    expect(textFeatures("Talks set for 3-5 June")).not.toContain("scorelin");
  });
});
