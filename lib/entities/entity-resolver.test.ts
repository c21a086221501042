import { describe, expect, it } from "vitest";

import { EntityResolver } from "./entity-resolver";
import { extractEntities } from "./extract-entities";
import { extractRelationships } from "./extract-relationships";
import forms from "./fixtures/alias-forms.json";
import type { ArticleText } from "./types";

const article = (text: string): ArticleText => (/[.!?]$/.test(text) ? { title: "", text } : { title: text });

describe("EntityResolver: alias merging", () => {
  it("maps the surface forms of 8 real entities, one article each, to exactly 8 entities", () => {
    const resolver = new EntityResolver();
    const refs = new Set<string>();
    let count = 0;
    for (const entity of forms.entities) {
      const own = new Set<string>();
      for (const text of entity.texts) {
        count++;
        const { entities } = resolver.resolve(extractEntities(article(text)).entities);
        expect(entities, text).toHaveLength(1);
        own.add(entities[0]?.ref ?? "");
      }
      expect([...own], entity.name).toHaveLength(1);
      for (const r of own) refs.add(r);
    }
    expect(count).toBeGreaterThanOrEqual(30);
    expect(refs.size).toBe(8);
  });
});

describe("EntityResolver: across articles", () => {
  it("links a surname to the one known person who carries it", () => {
    const resolver = new EntityResolver();
    const first = resolver.resolve(
      extractEntities({ title: "", text: "Marisol Quintero joined Brightwater Logistics." }).entities,
    );
    const later = resolver.resolve(
      extractEntities({ title: "", text: "Ms. Quintero said the deal was fair." }).entities,
    );
    const person = first.entities.find((e) => e.type === "person");
    expect(later.entities).toHaveLength(1);
    expect(later.entities[0]).toMatchObject({ ref: person?.ref, name: "Marisol Quintero" });
    expect(later.refMap.get("person:quintero")).toBe("person:marisol quintero");
  });

  it("keeps a surname on its own when two known persons share it", () => {
    const resolver = new EntityResolver([
      { type: "person", key: "anna smith", name: "Anna Smith" },
      { type: "person", key: "john smith", name: "John Smith" },
    ]);
    const { entities } = resolver.resolve(
      extractEntities({ title: "", text: "Mr. Smith declined to comment." }).entities,
    );
    expect(entities.map((e) => e.ref)).toEqual(["person:smith"]);
  });

  it("never joins two full names through a surname they share", () => {
    const resolver = new EntityResolver();
    const anna = resolver.resolve(
      extractEntities({ title: "", text: "Anna Smith won. Smith thanked voters." }).entities,
    );
    const john = resolver.resolve(
      extractEntities({ title: "", text: "John Smith lost. Smith conceded." }).entities,
    );
    expect(anna.entities.map((e) => e.ref)).toEqual(["person:anna smith"]);
    expect(john.entities.map((e) => e.ref)).toEqual(["person:john smith"]);
  });

  it("resolves a known alias and remaps the article's relationships onto the known entity", () => {
    const resolver = new EntityResolver([
      { type: "org", key: "brightwater logistics", name: "Brightwater Logistics", aliases: ["BWL"] },
    ]);
    const extraction = extractEntities({
      title: "",
      text: "Dana Whitfield, the chief executive of BWL, resigned.",
    });
    const resolved = resolver.resolve(extraction.entities, extractRelationships(extraction));
    expect(resolved.entities.map((e) => e.ref).sort()).toEqual([
      "org:brightwater logistics",
      "person:dana whitfield",
    ]);
    expect(resolved.relationships).toContainEqual(
      expect.objectContaining({
        source: "person:dana whitfield",
        target: "org:brightwater logistics",
        type: "leads",
      }),
    );
  });

  it("registers what it has not seen, so the registry grows", () => {
    const resolver = new EntityResolver([], undefined);
    const before = resolver.size;
    resolver.resolve(extractEntities({ title: "", text: "Kestrel Dynamics hired Oksana Melnyk." }).entities);
    expect(resolver.size).toBe(before + 2);
  });
});
