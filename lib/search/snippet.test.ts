import { describe, expect, it } from "vitest";

import { SNIPPET_CLOSE as C, escapeHtml, markedSnippet, SNIPPET_OPEN as O } from "./snippet";

describe("markedSnippet", () => {
  it("wraps marked terms in <mark> and escapes every other character", () => {
    expect(markedSnippet(`AT&T <script>alert("x")</script> ${O}rates${C} 'rise'`)).toBe(
      "AT&amp;T &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>rates</mark> &#39;rise&#39;",
    );
  });

  it("escapes markup inside a marked term too", () => {
    expect(markedSnippet(`${O}<b>${C}`)).toBe("<mark>&lt;b&gt;</mark>");
  });

  it("keeps tags balanced whatever stray markers the text holds", () => {
    expect(markedSnippet(`${C}a ${O}b${O} c`)).toBe("a <mark>b c</mark>");
    expect(markedSnippet(`${O}${C}x`)).toBe("x");
    expect(markedSnippet(`${O}open`)).toBe("<mark>open</mark>");
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
