import { describe, expect, it } from "vitest";

import { groupByStory } from "./group-by-story";

const hit = (id: string, storyId: number | null) => ({ id, storyId });
const keyOf = (h: { id: string; storyId: number | null }) => ({ storyId: h.storyId, articleKey: h.id });

describe("groupByStory", () => {
  it("puts every hit of a story under its best-ranked one, stories in the order of their best hit", () => {
    const groups = groupByStory(
      [hit("a", 7), hit("b", 3), hit("c", 7), hit("d", 7), hit("e", 3), hit("f", 9)],
      keyOf,
    );
    expect(groups.map((g) => [g.storyId, g.lead.id, g.others.map((o) => o.id)])).toEqual([
      [7, "a", ["c", "d"]],
      [3, "b", ["e"]],
      [9, "f", []],
    ]);
  });

  it("folds 28 copies of one report into one entry with 27 others", () => {
    const copies = Array.from({ length: 28 }, (_, i) => hit(`copy-${i}`, 42));
    const groups = groupByStory([...copies, hit("other", 5)], keyOf);
    expect(groups).toHaveLength(2);
    expect(groups[0]?.others).toHaveLength(27);
  });

  it("keeps articles that belong to no story apart, each on its own", () => {
    const groups = groupByStory([hit("x", null), hit("y", null), hit("z", 1)], keyOf);
    expect(groups.map((g) => g.key)).toEqual(["article:x", "article:y", "story:1"]);
  });
});
