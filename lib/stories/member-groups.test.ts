import { describe, expect, it } from "vitest";

import type { Article } from "../db/types";
import { groupDuplicates } from "./member-groups";

const art = (id: number, duplicateOf: number | null = null): Article => ({
  id,
  urlHash: `h${id}`,
  url: `https://x.test/${id}`,
  canonicalUrl: `https://x.test/${id}`,
  title: `Article ${id}`,
  slug: `article-${id}`,
  sourceId: id,
  sourceName: `Source ${id}`,
  sourceSlug: `s${id}`,
  sourceLanguage: "en",
  category: "world",
  language: "en",
  publishedAt: 1_000 - id,
  discoveredAt: 1_000 - id,
  excerpt: null,
  imageUrl: null,
  contentStatus: "no_content",
  headlineSummary: null,
  storyId: 1,
  duplicateOf,
  embeddingModel: null,
});

const shape = (groups: ReturnType<typeof groupDuplicates>) =>
  groups.map((g) => [g.article.id, g.duplicates.map((d) => d.id)]);

describe("groupDuplicates", () => {
  it("folds syndicated copies under their original, in story order", () => {
    expect(shape(groupDuplicates([art(5, 2), art(4), art(3, 2), art(2), art(1, 4)]))).toEqual([
      [2, [5, 3]],
      [4, [1]],
    ]);
  });

  it("follows a chain of copies to the original and keeps a copy of an outside article on its own", () => {
    expect(shape(groupDuplicates([art(3, 2), art(2, 1), art(1), art(9, 77)]))).toEqual([
      [1, [3, 2]],
      [9, []],
    ]);
  });

  it("stops on a cycle instead of looping", () => {
    expect(groupDuplicates([art(1, 2), art(2, 1)]).flatMap((g) => [g.article, ...g.duplicates])).toHaveLength(
      2,
    );
  });
});
