import { describe, expect, it } from "vitest";

import { bcubed } from "../clustering/bcubed";
import { bcubedOver, findMerges, fragments, multiDayEvents, pairRecallByDay } from "./diagnose";
import type { NewswireArticle, SimEvent } from "./types";

const DAY = 86_400_000;
const art = (id: string, eventId: string, day: number): NewswireArticle => ({
  id,
  eventId,
  outlet: "o",
  url: `https://o.test/${id}`,
  title: id,
  text: "",
  publishedAt: day * DAY + 1000,
  category: "world",
  stage: 0,
  syndicatedFrom: null,
});
const ev = (id: string, kind: string, twinOf: string | null = null): SimEvent => ({
  id,
  kind,
  category: "world",
  start: 0,
  size: 1,
  stages: [],
  twinOf,
  topic: id,
  key: id,
});

// Event A runs over two days and is split by day; event B (A's twin) is glued into A's first-day story.
const articles = [
  art("a1", "A", 0),
  art("a2", "A", 0),
  art("a3", "A", 1),
  art("a4", "A", 1),
  art("b1", "B", 0),
  art("b2", "B", 0),
];
const predicted = new Map([
  ["a1", "s1"],
  ["a2", "s1"],
  ["a3", "s2"],
  ["a4", "s2"],
  ["b1", "s1"],
  ["b2", "s1"],
]);
const gold = new Map(articles.map((a) => [a.id, a.eventId]));

describe("newswire clustering diagnosis", () => {
  it("scores a subset against the whole clustering, and the full set as bcubed does", () => {
    expect(bcubedOver(predicted, gold, gold.keys())).toEqual(bcubed(predicted, gold));
    const onB = bcubedOver(predicted, gold, ["b1", "b2"]);
    expect(onB.recall).toBe(1);
    expect(onB.precision).toBeCloseTo(0.5); // s1 holds two of A as well
  });

  it("finds multi-day events and tells same-day pairs from cross-day pairs", () => {
    expect(multiDayEvents(articles)).toEqual(new Set(["A"]));
    expect(pairRecallByDay(predicted, articles, new Set(["A"]))).toEqual({
      sameDayPairs: 2,
      sameDayTogether: 2,
      crossDayPairs: 4,
      crossDayTogether: 0,
    });
    expect(fragments(predicted, articles)).toEqual(
      new Map([
        ["A", 2],
        ["B", 1],
      ]),
    );
  });

  it("reports glued events with how they relate", () => {
    const merges = findMerges(predicted, articles, [ev("A", "quake"), ev("B", "quake", "A")]);
    expect(merges).toEqual([{ story: "s1", main: "A", intruder: "B", articles: 2, relation: "twin" }]);
    expect(findMerges(predicted, articles, [ev("A", "quake"), ev("B", "quake")])[0]?.relation).toBe(
      "same kind",
    );
  });
});
