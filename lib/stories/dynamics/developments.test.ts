import { describe, expect, it } from "vitest";

import {
  detectDevelopment,
  figuresIn,
  headlineOverlap,
  initialDevState,
  type DevMember,
} from "./developments";

const member = (id: number, title: string, sourceId = id): DevMember => ({
  articleId: id,
  urlHash: `h${id}`,
  title,
  time: id * 1000,
  sourceId,
  duplicateOf: null,
});

describe("figures", () => {
  it("finds counts, money and rates, not years or lone digits", () => {
    expect(figuresIn("Death toll rises to 1,200 in 2025 quake")).toEqual(["1200"]);
    expect(figuresIn("Fed raises rates by 0.25% as inflation hits 3.1 percent")).toEqual([
      "0.25%",
      "3.1 percent",
    ]);
    expect(figuresIn("Firm buys rival for $4.5bn")).toEqual(["$4.5bn"]);
    expect(figuresIn("5 things to know")).toEqual([]);
  });
});

describe("detectDevelopment", () => {
  const base = [member(1, "Storm hits coast"), member(2, "Storm batters coast")];

  it("reports a weighty new figure as moderate, naming the trigger article", () => {
    const state = initialDevState({
      headline: "Storm hits coast",
      members: base,
      fresh: new Set(),
      entities: [],
      becameBreaking: false,
    });
    const members = [...base, member(3, "Storm hits coast, 14 killed", 1)];
    const { development, state: next } = detectDevelopment(state, {
      headline: "Storm hits coast",
      members,
      fresh: new Set([3]),
      entities: [],
      becameBreaking: false,
    });
    expect(development).toMatchObject({
      significance: "moderate",
      title: "New figure: 14",
      enrichmentSeq: 1,
      triggerArticleHashes: ["h3"],
    });
    // The same figure again is not news.
    const again = detectDevelopment(next, {
      headline: "Storm hits coast",
      members: [...members, member(4, "14 killed as storm hits coast", 2)],
      fresh: new Set([4]),
      entities: [],
      becameBreaking: false,
    });
    expect(again.development).toBeNull();
  });

  it("records a headline shift with both headlines, and a new key entity", () => {
    const state = initialDevState({
      headline: "Storm hits coast",
      members: base,
      fresh: new Set(),
      entities: [{ id: 9, name: "Coast Guard", mentions: 2 }],
      becameBreaking: false,
    });
    const { development } = detectDevelopment(state, {
      headline: "Governor declares emergency after hurricane",
      members: [...base, member(3, "Governor declares emergency after hurricane", 1)],
      fresh: new Set([3]),
      entities: [
        { id: 9, name: "Coast Guard", mentions: 3 },
        { id: 10, name: "Jane Ortiz", mentions: 2 },
      ],
      becameBreaking: false,
    });
    expect(development).toMatchObject({
      significance: "moderate",
      title: "Headline changed",
      previousHeadline: "Storm hits coast",
      newHeadline: "Governor declares emergency after hurricane",
    });
    expect(development?.description).toContain("Jane Ortiz is now named in 2 reports.");
    expect(development?.description).not.toContain("Coast Guard");
  });

  it("writes developments as sentences: quoted headlines without credits, each sentence closed", () => {
    const quake = (id: number, title: string, sourceName: string): DevMember => ({
      ...member(id, title),
      sourceName: `${sourceName} (simulated)`,
    });
    const earlier = [
      quake(1, "Earthquake shakes Japan", "Meridian Wire"),
      quake(2, "Japan earthquake", "Byteline"),
    ];
    const state = initialDevState({
      headline: "Earthquake shakes Japan",
      members: earlier,
      fresh: new Set(),
      entities: [],
      becameBreaking: false,
    });
    const { development } = detectDevelopment(state, {
      headline: "Iran earthquake: buildings collapse in Shiraz - Global Dispatch",
      members: [
        ...earlier,
        quake(3, "Iran earthquake: buildings collapse in Shiraz - Global Dispatch", "Global Dispatch"),
        quake(4, "At least 30 dead in Japan earthquake | Byteline", "Byteline"),
      ],
      fresh: new Set([3, 4]),
      entities: [],
      becameBreaking: false,
    });
    expect(development?.description).toBe(
      "Coverage widened to 4 independent sources. " +
        "The story is now led by the headline “Iran earthquake: buildings collapse in Shiraz”. " +
        "Byteline reports “At least 30 dead in Japan earthquake”, with the new figure 30.",
    );
    expect(development?.newHeadline).toBe("Iran earthquake: buildings collapse in Shiraz");
  });

  it("treats similar headlines as the same angle", () => {
    expect(headlineOverlap("Storm hits coast", "Storm hits the coast hard")).toBe(1);
    expect(headlineOverlap("Storm hits coast", "Governor declares emergency")).toBe(0);
  });
});
