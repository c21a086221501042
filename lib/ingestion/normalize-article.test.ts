import { describe, expect, it } from "vitest";

import type { Source } from "../db/types";
import { InvalidArticleError, normalizeArticle, parsePublished } from "./normalize-article";

const source: Source = {
  id: 3,
  slug: "daily",
  name: "Daily",
  homepage: "https://daily.test/",
  country: "United Kingdom",
  language: "en",
  category: "world",
  logoUrl: null,
  description: null,
  enabled: true,
  createdAt: 0,
};
const now = Date.UTC(2025, 5, 10, 12);

describe("parsePublished", () => {
  it("accepts RFC 822, ISO 8601, epoch seconds and epoch milliseconds", () => {
    expect(parsePublished("Tue, 10 Jun 2025 10:00:00 GMT")).toBe(Date.UTC(2025, 5, 10, 10));
    expect(parsePublished("2025-06-10T10:00:00Z")).toBe(Date.UTC(2025, 5, 10, 10));
    expect(parsePublished(1749549600)).toBe(Date.UTC(2025, 5, 10, 10));
    expect(parsePublished("1749549600000")).toBe(Date.UTC(2025, 5, 10, 10));
  });

  it("gives 0 for missing or malformed dates", () => {
    expect(parsePublished(null)).toBe(0);
    expect(parsePublished("yesterday-ish")).toBe(0);
  });
});

describe("normalizeArticle", () => {
  it("resolves, canonicalises, hashes and cleans a feed entry", () => {
    const a = normalizeArticle(
      {
        url: "/politics/budget?utm_source=rss",
        title: "Budget &amp; <b>tax</b> plans",
        published: "Tue, 10 Jun 2025 10:00:00 GMT",
        summary: "<p>The chancellor&#39;s plans.</p>",
        categories: ["Politics"],
        imageUrl: "/img.jpg",
      },
      { source, baseUrl: "https://www.daily.test/feed.xml", discoveredAt: now },
    );
    expect(a).toMatchObject({
      url: "https://www.daily.test/politics/budget?utm_source=rss",
      canonicalUrl: "https://daily.test/politics/budget",
      title: "Budget & tax plans",
      excerpt: "The chancellor's plans.",
      category: "politics",
      publishedAt: Date.UTC(2025, 5, 10, 10),
      discoveredAt: now,
      imageUrl: "https://www.daily.test/img.jpg",
      language: "en",
    });
    expect(a.urlHash).toMatch(/^[0-9a-f]{16}$/);
    expect(a.slug).toBe(`budget-tax-plans-${a.urlHash.slice(0, 8)}`);
  });

  it("falls back to the source's category when the feed gives none it knows", () => {
    expect(
      normalizeArticle(
        { url: "https://d.test/1", title: "x", categories: ["Misc"] },
        { source, discoveredAt: now },
      ).category,
    ).toBe("world");
  });

  it("clamps dates in the future to the discovery time", () => {
    const a = normalizeArticle(
      { url: "https://d.test/1", title: "x", published: now + 86_400_000 },
      { source, discoveredAt: now },
    );
    expect(a.publishedAt).toBe(now);
  });

  it("rejects entries without a title or URL", () => {
    expect(() =>
      normalizeArticle({ url: "https://d.test/1", title: "  <br> " }, { source, discoveredAt: now }),
    ).toThrow(InvalidArticleError);
    expect(() => normalizeArticle({ url: null, title: "x" }, { source, discoveredAt: now })).toThrow(
      InvalidArticleError,
    );
  });
});

describe("normalizeArticle: invisible characters", () => {
  it("strips bidi overrides and zero-width characters from the title and excerpt", () => {
    const a = normalizeArticle(
      {
        url: "https://daily.test/a",
        title: "Bank \u202Etxt.exe\u202C warns\u200B of\u2066 fraud\u2069",
        summary: "<p>Call\u200D now\uFEFF &#x202E;or lose &#8203;access</p>",
      },
      { source, discoveredAt: now },
    );
    expect(a.title).toBe("Bank txt.exe warns of fraud");
    expect(a.excerpt).toBe("Call now or lose access");
    expect(a.slug).toMatch(/^bank-txt-exe-warns-of-fraud-/);
  });

  it("refuses a title made of invisible characters only", () => {
    expect(() =>
      normalizeArticle(
        { url: "https://daily.test/b", title: "\u202E\u200B\u2060" },
        { source, discoveredAt: now },
      ),
    ).toThrow(InvalidArticleError);
  });
});
