import { describe, expect, it } from "vitest";

import { htmlToText } from "./html";
import { cleanLine, stripInvisible } from "./invisible";

describe("stripInvisible", () => {
  it.each([
    ["right-to-left override", "Invoice\u202Egnp.exe", "Invoicegnp.exe"],
    ["left-to-right override and pop", "\u202DAB\u202C", "AB"],
    ["embeddings", "\u202Aa\u202Bb\u202C", "ab"],
    ["isolates", "\u2066x\u2067y\u2068z\u2069", "xyz"],
    ["marks", "\u200Eleft\u200Fright\u061Carabic", "leftrightarabic"],
    ["zero-width space", "Pay\u200Bpal", "Paypal"],
    ["zero-width joiner between letters", "Pay\u200Dpal", "Paypal"],
    ["zero-width non-joiner between Latin letters", "Pay\u200Cpal", "Paypal"],
    ["word joiner and invisible operators", "a\u2060b\u2061c\u2064d", "abcd"],
    ["byte-order mark", "\uFEFFHeadline\uFEFF", "Headline"],
  ])("removes %s", (_name, input, expected) => {
    expect(stripInvisible(input)).toBe(expected);
  });

  it("keeps the joiner inside emoji sequences and drops it elsewhere", () => {
    const technologist = "\u{1F469}\u200D\u{1F4BB}";
    const rainbowFlag = "\u{1F3F3}\uFE0F\u200D\u{1F308}";
    const darkSkinCook = "\u{1F469}\u{1F3FF}\u200D\u{1F373}";
    expect(stripInvisible(`Coders ${technologist} ${rainbowFlag} ${darkSkinCook}`)).toBe(
      `Coders ${technologist} ${rainbowFlag} ${darkSkinCook}`,
    );
    expect(stripInvisible("\u{1F469}\u200Dx")).toBe("\u{1F469}x");
    expect(stripInvisible("x\u200D\u{1F4BB}")).toBe("x\u{1F4BB}");
  });

  it("keeps joiners where a script's spelling uses them", () => {
    const persian = "می\u200Cخواهم";
    const devanagari = "क्\u200Dष";
    expect(stripInvisible(persian)).toBe(persian);
    expect(stripInvisible(devanagari)).toBe(devanagari);
  });

  it("leaves ordinary text alone", () => {
    const text = "Élection à Montréal: 5 % — «oui» 日本語 עברית العربية";
    expect(stripInvisible(text)).toBe(text);
  });
});

describe("cleanLine and htmlToText", () => {
  it("collapse what remains, so stripped characters leave no double space", () => {
    expect(cleanLine(" \u202E Breaking \u200B  news\u2069 ")).toBe("Breaking news");
  });

  it("strip controls given as character references too", () => {
    expect(htmlToText("Refund&#x202E;fdp.exe &amp;#8203;now")).toBe("Refundfdp.exe now");
  });
});
