import { describe, expect, it } from "vitest";

import {
  markTerms,
  repeatsTitle,
  snippetBesideTitle,
  snippetText,
  withoutLeadingTitle,
} from "./distinct-snippet";

const TITLE = "New Zealand top court upholds emergency powers";
const EXCERPT =
  "New Zealand's supreme court upholds emergency powers on Monday, in a 5-4 decision written by Justice Mei Demir.";

describe("repeatsTitle", () => {
  it("is true for the headline, a run of its words, or the headline plus a byline", () => {
    expect(repeatsTitle("New Zealand top court upholds <emergency> POWERS", TITLE)).toBe(true);
    expect(repeatsTitle("…court upholds emergency…", TITLE)).toBe(true);
    expect(repeatsTitle(`${TITLE} - Harbour Times`, TITLE)).toBe(true);
    expect(repeatsTitle("", TITLE)).toBe(true);
  });

  it("is false for text that says more than the headline", () => {
    expect(repeatsTitle(EXCERPT, TITLE)).toBe(false);
    expect(repeatsTitle(`${TITLE}, in a 5-4 decision written by Justice Mei Demir`, TITLE)).toBe(false);
  });
});

describe("withoutLeadingTitle", () => {
  it("drops a headline the excerpt starts with, and the punctuation after it", () => {
    expect(withoutLeadingTitle(`${TITLE}. The ruling came on Monday.`, TITLE)).toBe(
      "The ruling came on Monday.",
    );
    expect(withoutLeadingTitle(`${TITLE.toUpperCase()} — The ruling`, TITLE)).toBe("The ruling");
  });

  it("keeps an excerpt that does not start with the headline", () => {
    expect(withoutLeadingTitle(EXCERPT, TITLE)).toBe(EXCERPT);
  });
});

describe("markTerms", () => {
  it("marks the query's words, their endings and case aside, and escapes the rest", () => {
    expect(markTerms("Emergency powers <upheld> & a power cut", ["power", "emergency"])).toBe(
      "<mark>Emergency</mark> <mark>powers</mark> &lt;upheld&gt; &amp; a <mark>power</mark> cut",
    );
    expect(markTerms("Zoë's café", ['"zoe cafe"'])).toBe("<mark>Zoë</mark>&#39;s <mark>café</mark>");
  });

  it("leaves words that only start like a query word unmarked", () => {
    expect(markTerms("powerhouse", ["power"])).toBe("powerhouse");
  });
});

describe("snippetBesideTitle", () => {
  const terms = ["emergency", "powers"];

  it("keeps the index's snippet when it comes from the text", () => {
    const snippet = "on Monday, <mark>emergency</mark> <mark>powers</mark> were upheld in a 5-4 decision";
    expect(snippetBesideTitle({ snippet, title: TITLE, excerpt: EXCERPT, terms })).toBe(snippet);
  });

  it("puts the excerpt, marked, in place of a snippet that repeats the headline", () => {
    const snippet = "New Zealand top court upholds <mark>emergency</mark> <mark>powers</mark>";
    const shown = snippetBesideTitle({ snippet, title: TITLE, excerpt: EXCERPT, terms }) ?? "";
    expect(shown).toContain("<mark>emergency</mark> <mark>powers</mark> on Monday");
    expect(repeatsTitle(snippetText(shown), TITLE)).toBe(false);
  });

  it("shows no snippet when the excerpt is only the headline again, or there is none", () => {
    const snippet = `${TITLE}`;
    expect(snippetBesideTitle({ snippet, title: TITLE, excerpt: TITLE, terms })).toBeNull();
    expect(snippetBesideTitle({ snippet, title: TITLE, excerpt: null, terms })).toBeNull();
  });
});
