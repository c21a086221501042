import { describe, expect, it } from "vitest";

import { extractEntities } from "./extract-entities";
import { aliasRows, entityRowValues } from "./rows";

describe("entity rows", () => {
  it("maps an extracted entity onto the entities and entity_aliases columns", () => {
    const { entities } = extractEntities({
      title: "",
      text: "President Biden met Joe Biden's staff. Biden’s plan was cut.",
    });
    const biden = entities.find((e) => e.type === "person");
    expect(biden).toBeDefined();
    if (!biden) return;
    expect(entityRowValues(biden)).toEqual({
      name: "Joe Biden",
      type: "person",
      subcategory: "politician",
      slug: "joe-biden",
      norm_key: "joe biden",
      description: biden.description,
      wikidata_id: "Q6279",
      wikipedia_url: "https://en.wikipedia.org/wiki/Joe_Biden",
      enriched: 1,
    });
    expect(aliasRows(biden)).toEqual([
      { alias: "Joe Biden", norm: "joe biden" },
      { alias: "Biden", norm: "biden" },
    ]);
  });
});
