import { describe, expect, it } from "vitest";

import { decodeHtml } from "./decode-html";

describe("decodeHtml", () => {
  const page = (meta: string) => `<html><head>${meta}</head><body>Grüße – “quoted”</body></html>`;

  it("prefers the Content-Type charset, then the page's meta, then UTF-8", () => {
    const cp1252 = Buffer.from(page(""), "latin1");
    expect(decodeHtml(cp1252, "text/html; charset=ISO-8859-1")).toContain("Grüße");
    expect(decodeHtml(Buffer.from(page('<meta charset="windows-1252">'), "latin1"), "text/html")).toContain(
      "Grüße",
    );
    expect(decodeHtml(Buffer.from(page(""), "utf8"), "text/html")).toContain("Grüße – “quoted”");
  });

  it("decodes windows-1252 punctuation as browsers do for iso-8859-1", () => {
    const bytes = Buffer.concat([
      Buffer.from("<p>"),
      Buffer.from([0x93, 0x61, 0x94, 0x20, 0x96]),
      Buffer.from("</p>"),
    ]);
    expect(decodeHtml(bytes, "text/html; charset=iso-8859-1")).toBe("<p>“a” –</p>");
  });

  it("honours a byte-order mark and survives an unknown label", () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<p>é</p>")]);
    expect(decodeHtml(bom, "text/html; charset=iso-8859-1")).toBe("<p>é</p>");
    expect(decodeHtml(Buffer.from("<p>é</p>"), "text/html; charset=x-unknown")).toBe("<p>é</p>");
  });
});
