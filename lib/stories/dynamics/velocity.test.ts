import { describe, expect, it } from "vitest";

import { HOUR, nextPriority, overallScore, storyLabel, velocity, VELOCITY_TAU_MS } from "./velocity";

describe("velocity", () => {
  it("counts each source's first report fully, repeats at 0.3 and syndicated copies at 0.1", () => {
    const now = 10 * HOUR;
    const v = velocity(
      [
        { time: now, sourceId: 1, duplicateOf: null },
        { time: now, sourceId: 1, duplicateOf: null },
        { time: now, sourceId: 2, duplicateOf: 7 },
        { time: now - VELOCITY_TAU_MS, sourceId: 3, duplicateOf: null },
      ],
      now,
    );
    expect(v).toBeCloseTo(1 + 0.3 + 0.1 + Math.exp(-1), 10);
  });

  it("ignores reports dated after now", () => {
    expect(velocity([{ time: 2 * HOUR, sourceId: 1, duplicateOf: null }], HOUR)).toBe(0);
  });
});

describe("priority", () => {
  it("rises at the thresholds and falls only below 60% of the current level's threshold", () => {
    expect(nextPriority("low", 2.9)).toBe("low");
    expect(nextPriority("low", 3)).toBe("medium");
    expect(nextPriority("low", 12)).toBe("breaking");
    expect(nextPriority("breaking", 7.3)).toBe("breaking");
    expect(nextPriority("breaking", 7.1)).toBe("high");
    expect(nextPriority("breaking", 1)).toBe("low");
    expect(nextPriority("medium", 1.9)).toBe("medium");
  });
});

describe("overall score and label", () => {
  it("decays with recency and stays in [0, 1]", () => {
    expect(overallScore(0.8, 0, 0)).toBeCloseTo(0.8);
    expect(overallScore(0.8, 0, 12 * HOUR)).toBeCloseTo(0.8 * Math.exp(-1));
    expect(overallScore(0.8, 5, 0)).toBeCloseTo(0.8);
  });

  it("labels breaking, developing and trending stories by the documented rules", () => {
    const now = 24 * HOUR;
    expect(storyLabel({ priority: "breaking", firstSeen: now, lastDevelopmentAt: null, now })).toBe(
      "Breaking",
    );
    expect(storyLabel({ priority: "high", firstSeen: 0, lastDevelopmentAt: now - HOUR, now })).toBe(
      "Developing",
    );
    expect(storyLabel({ priority: "high", firstSeen: now - HOUR, lastDevelopmentAt: now, now })).toBe(
      "Trending",
    );
    expect(
      storyLabel({ priority: "medium", firstSeen: 0, lastDevelopmentAt: now - 7 * HOUR, now }),
    ).toBeNull();
  });
});
