import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";

import { domToText } from "./html-to-text";

const text = (html: string) => domToText(parseHTML(`<html><body>${html}</body></html>`).document.body);

describe("domToText", () => {
  it("puts a blank line between blocks and collapses whitespace inside them", () => {
    expect(text("<h2>Title</h2><p>One   two\n three</p><div><p>Four&nbsp;&nbsp;five</p></div>")).toBe(
      "Title\n\nOne two three\n\nFour five",
    );
  });

  it("keeps single line breaks, and splits paragraphs on a double <br>", () => {
    expect(text("<p>Line one<br>line two<br><br>Next paragraph</p>")).toBe(
      "Line one\nline two\n\nNext paragraph",
    );
  });

  it("marks list items and numbers ordered lists", () => {
    expect(text("<ul><li>apples</li><li>pears</li></ul><ol><li>first</li><li>second</li></ol>")).toBe(
      "- apples\n\n- pears\n\n1. first\n\n2. second",
    );
  });

  it("leaves out scripts, forms, captions and invisible characters", () => {
    expect(
      text(
        "<p>Vis\u00adible\u200b text</p><script>var x = 1;</script><figure><img src=a.jpg><figcaption>Caption</figcaption></figure><form><button>Go</button></form>",
      ),
    ).toBe("Visible text");
  });

  it("decodes entities once", () => {
    expect(text("<p>Fish &amp; chips &amp;amp; &eacute;clairs &#8364;5</p>")).toBe(
      "Fish & chips &amp; éclairs €5",
    );
  });
});
