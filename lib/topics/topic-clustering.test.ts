import { describe, expect, it } from "vitest";

import { clusterTopics, type TopicStory } from "./topic-clustering";

const D = 86_400_000;
let n = 0;
const story = (day: number, category: string, titles: string[], entityIds: number[] = []): TopicStory => ({
  id: ++n,
  headline: titles[0]!,
  category,
  articleCount: titles.length,
  firstSeen: day * D,
  lastUpdated: day * D + 3_600_000,
  titles,
  entityIds,
});

/** A week of stories: four about one election, three about a war, two unrelated ones. */
function week(): TopicStory[] {
  n = 0;
  return [
    story(
      1,
      "politics",
      ["Brazil election: candidates clash in final debate", "Final Brazil election debate turns heated"],
      [1, 2],
    ),
    story(
      2,
      "politics",
      ["Brazil election polls tighten days before vote", "Polls tighten ahead of Brazil election"],
      [1],
    ),
    story(
      3,
      "politics",
      ["Brazil votes in presidential election", "Millions vote as Brazil election opens"],
      [1, 2],
    ),
    story(
      4,
      "politics",
      ["Brazil election result: Silva declares victory", "Silva wins Brazil presidential election"],
      [2],
    ),
    story(
      1,
      "world",
      ["Sudan war: army shells Khartoum suburbs", "Khartoum shelling as Sudan war rages"],
      [7],
    ),
    story(
      3,
      "world",
      ["Sudan war: ceasefire talks collapse in Jeddah", "Jeddah talks on Sudan war collapse"],
      [7],
    ),
    story(
      5,
      "world",
      ["Sudan war displaces thousands more from Darfur", "Darfur exodus as Sudan war spreads"],
      [7, 8],
    ),
    story(2, "science", ["Astronomers find water vapour on distant exoplanet"]),
    story(4, "sports", ["Local club wins cup final on penalties", "Cup final decided on penalties"]),
  ];
}

describe("clusterTopics", () => {
  it("groups stories about one subject and leaves unrelated ones out", () => {
    let next = 1;
    const topics = clusterTopics(week(), [], () => next++);
    const sets = topics.map((t) => [...t.storyIds].sort((a, b) => a - b));
    expect(sets).toEqual(
      expect.arrayContaining([
        [1, 2, 3, 4],
        [5, 6, 7],
      ]),
    );
    expect(topics).toHaveLength(2);
    const election = topics.find((t) => t.storyIds.includes(1))!;
    expect(election.category).toBe("politics");
    expect(election.headline).toMatch(/Brazil/);
  });

  it("keeps topic ids across recomputations while the topic persists", () => {
    let next = 100;
    const first = clusterTopics(week(), [], () => next++);
    const stories = week();
    stories.push(
      story(
        6,
        "politics",
        ["Brazil election: loser concedes to Silva", "Brazil election loser concedes"],
        [1, 2],
      ),
    );
    const second = clusterTopics(stories, first, () => next++);
    const idOf = (list: typeof first, storyId: number) => list.find((t) => t.storyIds.includes(storyId))!.id;
    expect(idOf(second, 1)).toBe(idOf(first, 1));
    expect(idOf(second, 5)).toBe(idOf(first, 5));
    expect(second.find((t) => t.id === idOf(first, 1))!.storyIds).toContain(10);
  });
});
