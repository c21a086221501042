import { afterEach, beforeEach, describe, expect, it } from "vitest";

import forms from "../entities/fixtures/alias-forms.json";
import { ingestArticles } from "../ingestion/ingest-articles";
import { normalizeArticle } from "../ingestion/normalize-article";
import { tempStore, testSource } from "../testing/temp-store";
import { enrichArticles } from "./enrich-articles";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

describe("entity resolution across stored articles", () => {
  it("stores the surface forms of 8 real entities, one article each, as exactly 8 entities", async () => {
    const source = await testSource(store);
    const entityOf = new Map<string, Set<number>>();
    let n = 0;
    for (const entity of forms.entities) {
      const ids = new Set<number>();
      for (const text of entity.texts) {
        // A sentence is an article's lede under a plain headline; a shouted or title-case line is a headline.
        const sentence = /[.!?]$/.test(text);
        const raw = {
          url: `https://wire.test/${++n}`,
          title: sentence ? "Update" : text,
          summary: sentence ? text : null,
        };
        const { inserted } = await ingestArticles({ store }, [
          normalizeArticle(raw, { source, discoveredAt: n * 1000 }),
        ]);
        const found = await enrichArticles({ store }, inserted);
        for (const id of found.get(inserted[0]!.id) ?? []) ids.add(id);
      }
      entityOf.set(entity.name, ids);
    }
    for (const [name, ids] of entityOf) expect([...ids], name).toHaveLength(1);
    expect(new Set([...entityOf.values()].flatMap((s) => [...s])).size).toBe(8);
    expect(n).toBeGreaterThanOrEqual(30);
    const stored = store.db.prepare("SELECT COUNT(*) FROM entities").pluck().get();
    expect(stored).toBe(8);
  });
});
