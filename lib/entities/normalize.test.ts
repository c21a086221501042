import { describe, expect, it } from "vitest";

import { entityKey, entitySlug, normName, stripPossessive } from "./normalize";

describe("normName", () => {
  it("folds case, diacritics, acronym periods and punctuation", () => {
    expect(normName("U.S.")).toBe("us");
    expect(normName("São Paulo")).toBe("sao paulo");
    expect(normName("Recep Tayyip Erdoğan")).toBe("recep tayyip erdogan");
    expect(normName("Washington, D.C.")).toBe("washington dc");
    expect(normName("Guinea-Bissau")).toBe("guinea bissau");
  });

  it("drops a possessive, straight or curly, and reads & as and", () => {
    expect(normName("Biden's")).toBe("biden");
    expect(normName("Biden’s")).toBe("biden");
    expect(normName("Fenwick & Hale")).toBe("fenwick and hale");
  });

  it("gives case variants one form", () => {
    expect(normName("NATO")).toBe(normName("Nato"));
    expect(normName("JOE BIDEN")).toBe(normName("Joe Biden"));
  });
});

describe("stripPossessive", () => {
  it("removes 's and a bare apostrophe after s, nothing else", () => {
    expect(stripPossessive("Biden's")).toBe("Biden");
    expect(stripPossessive("Reuters'")).toBe("Reuters");
    expect(stripPossessive("Texas")).toBe("Texas");
  });
});

describe("entityKey", () => {
  it("drops a leading 'the' and, for organisations only, a legal form", () => {
    expect(entityKey("org", "Apple Inc.")).toBe("apple");
    expect(entityKey("org", "Brightwater Logistics Ltd")).toBe("brightwater logistics");
    expect(entityKey("location", "The Hague")).toBe("hague");
    expect(entityKey("person", "Mark Co")).toBe("mark co");
  });
});

describe("entitySlug", () => {
  it("is kebab-case without diacritics", () => {
    expect(entitySlug("Luiz Inácio Lula da Silva")).toBe("luiz-inacio-lula-da-silva");
  });
});
