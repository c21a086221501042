import { describe, expect, it } from "vitest";

import { analyzeArticle } from "./analyze-article";

describe("analyzeArticle", () => {
  it("returns entities and relationships whose ends are among those entities", () => {
    const { entities, relationships } = analyzeArticle({
      title: "Acme Robotics Names New Chief",
      text: "Acme Robotics, based in Tallinn, named Dana Whitfield its chief executive. Whitfield founded Kestrel Dynamics.",
    });
    const refs = new Set(entities.map((e) => e.ref));
    expect(refs).toEqual(
      new Set(["org:acme robotics", "location:tallinn", "person:dana whitfield", "org:kestrel dynamics"]),
    );
    for (const r of relationships) {
      expect(refs.has(r.source)).toBe(true);
      expect(refs.has(r.target)).toBe(true);
    }
    expect(relationships).toContainEqual(
      expect.objectContaining({
        source: "org:acme robotics",
        target: "location:tallinn",
        type: "located_in",
      }),
    );
    expect(relationships).toContainEqual(
      expect.objectContaining({
        source: "person:dana whitfield",
        target: "org:kestrel dynamics",
        type: "founded",
      }),
    );
  });

  it("handles an article with a title only, or an empty one", () => {
    expect(analyzeArticle({ title: "" })).toEqual({ entities: [], relationships: [] });
    expect(
      analyzeArticle({ title: "NATO Allies Meet in Brussels" })
        .entities.map((e) => e.name)
        .sort(),
    ).toEqual(["Brussels", "NATO"]);
  });
});
