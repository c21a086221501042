import { describe, expect, it } from "vitest";

import { articleSlug, idSlug, kebab } from "./kebab";

describe("kebab", () => {
  it("lowercases, folds diacritics and joins words with dashes", () => {
    expect(kebab("Élection présidentielle: Macron & Le Pen!")).toBe("election-presidentielle-macron-le-pen");
  });

  it("keeps non-Latin letters", () => {
    expect(kebab("Новости дня")).toBe("новости-дня");
  });

  it("cuts at a word boundary within the limit", () => {
    const s = kebab("word ".repeat(40), 80);
    expect(s.length).toBeLessThanOrEqual(80);
    expect(s.endsWith("-")).toBe(false);
    expect(s.endsWith("word")).toBe(true);
  });
});

describe("slugs", () => {
  it("builds article slugs from the title and the hash prefix", () => {
    expect(articleSlug("Hello, World", "0123456789abcdef")).toBe("hello-world-01234567");
    expect(articleSlug("!!!", "0123456789abcdef")).toBe("article-01234567");
  });

  it("builds id slugs", () => {
    expect(idSlug("Joe Biden", 42)).toBe("joe-biden-42");
  });
});
