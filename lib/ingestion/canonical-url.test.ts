import { describe, expect, it } from "vitest";

import { canonicalizeUrl, urlHash } from "./canonical-url";

describe("canonicalizeUrl", () => {
  it("drops fragments, tracking parameters, www and default ports", () => {
    expect(canonicalizeUrl("http://www.Example.com:80/a/b?utm_source=x&id=7&fbclid=abc#top")).toBe(
      "https://example.com/a/b?id=7",
    );
  });

  it("keeps parameters that select content and sorts them", () => {
    expect(canonicalizeUrl("https://example.com/story?p=2&id=9")).toBe("https://example.com/story?id=9&p=2");
  });

  it("resolves relative URLs against a base", () => {
    expect(canonicalizeUrl("/news/1", "https://site.test/feed.xml")).toBe("https://site.test/news/1");
  });

  it("refuses non-web schemes", () => {
    expect(() => canonicalizeUrl("javascript:alert(1)")).toThrow(/scheme/);
  });

  it("gives one identity to syndication variants of the same URL", () => {
    const a = canonicalizeUrl("http://www.news.test/x.html?ito=feeds-newsxml");
    const b = canonicalizeUrl("https://news.test/x.html");
    expect(a).toBe(b);
  });
});

describe("urlHash", () => {
  it("is the first 16 hex characters of SHA-256", () => {
    // sha256("https://example.com/") = 0f115db0…
    expect(urlHash("https://example.com/")).toBe("0f115db062b7c0dd");
    expect(urlHash("https://example.com/")).toMatch(/^[0-9a-f]{16}$/);
  });
});
