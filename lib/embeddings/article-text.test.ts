import { describe, expect, it } from "vitest";

import { articleEmbeddingText } from "./article-text";

describe("article embedding text", () => {
  it("is the title alone without a body, else the title and the body's start cut at a word boundary", () => {
    expect(articleEmbeddingText(" Oil prices fall ", null)).toBe("Oil prices fall");
    expect(articleEmbeddingText("Oil prices fall", "  Crude   slid on Monday. ")).toBe(
      "Oil prices fall\nCrude slid on Monday.",
    );
    expect(articleEmbeddingText("T", "alpha beta gamma", 12)).toBe("T\nalpha beta");
    expect(articleEmbeddingText("T", "abcdefghijklmnop", 5)).toBe("T\nabcde");
  });
});
