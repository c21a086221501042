import { describe, expect, it } from "vitest";

import { categoryFromLabel } from "./category-labels";
import { chooseCategory } from "./choose-category";

const base = {
  itemCategories: [] as string[],
  feedCategory: null,
  sourceCategory: "world",
  title: "Arsenal beat Chelsea 2-1 to go top of the Premier League",
  excerpt: null,
};

describe("chooseCategory", () => {
  it("takes the item's own category first", () => {
    expect(
      chooseCategory({ ...base, itemCategories: ["Opinion", "Wirtschaft"], feedCategory: "technology" }),
    ).toEqual({
      category: "business",
      origin: "item",
    });
  });

  it("then the feed's topic, then a topical source's category", () => {
    expect(chooseCategory({ ...base, itemCategories: ["Local"], feedCategory: "technology" }).origin).toBe(
      "feed",
    );
    expect(chooseCategory({ ...base, sourceCategory: "science" })).toEqual({
      category: "science",
      origin: "source",
    });
  });

  it("asks the classifier when a general outlet's item says nothing", () => {
    expect(chooseCategory({ ...base, itemCategories: ["News"] })).toEqual({
      category: "sports",
      origin: "classifier",
    });
  });

  it("falls back to world when nothing decides", () => {
    expect(chooseCategory({ ...base, title: "Zorvath klemp in Quorrin" })).toEqual({
      category: "world",
      origin: "default",
    });
  });
});

describe("categoryFromLabel", () => {
  it("reads section names in several languages and section paths", () => {
    expect(categoryFromLabel("Sport")).toBe("sports");
    expect(categoryFromLabel("Politique")).toBe("politics");
    expect(categoryFromLabel("News > Technology")).toBe("technology");
    expect(categoryFromLabel("World/Europe")).toBe("world");
    expect(categoryFromLabel("Deportes")).toBe("sports");
  });

  it("ignores labels that name no topic", () => {
    expect(categoryFromLabel("News")).toBeNull();
    expect(categoryFromLabel("Top Stories")).toBeNull();
    expect(categoryFromLabel("Opinion")).toBeNull();
    expect(categoryFromLabel("")).toBeNull();
  });
});
