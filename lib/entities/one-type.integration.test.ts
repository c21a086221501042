import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { enrichArticles } from "../enrichment/enrich-articles";
import { ingestArticles } from "../ingestion/ingest-articles";
import { normalizeArticle } from "../ingestion/normalize-article";
import { tempStore, testSource } from "../testing/temp-store";
import { extractEntities } from "./extract-entities";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const LEDES = [
  "Shares of Marrowfield rose 4% after the results.",
  "Heavy rain fell in Marrowfield on Monday.",
];

describe("one type per stored entity", () => {
  it("stores a name typed differently by two articles once, and both articles name it", async () => {
    // The two ledes, read alone, disagree on what Marrowfield is.
    const types = LEDES.map((text) => extractEntities({ title: "Update", text }).entities.map((e) => e.type));
    expect(types).toEqual([["org"], ["location"]]);
    const source = await testSource(store);
    const named: number[][] = [];
    for (const [i, summary] of LEDES.entries()) {
      const raw = { url: `https://wire.test/${i}`, title: "Update", summary };
      const { inserted } = await ingestArticles({ store }, [
        normalizeArticle(raw, { source, discoveredAt: (i + 1) * 1000 }),
      ]);
      const found = await enrichArticles({ store }, inserted);
      named.push(found.get(inserted[0]!.id) ?? []);
    }
    const rows = store.db.prepare("SELECT id, type FROM entities WHERE name = 'Marrowfield'").all() as Array<{
      id: number;
      type: string;
    }>;
    expect(rows).toHaveLength(1);
    expect(named).toEqual([[rows[0]!.id], [rows[0]!.id]]);
    const articles = store.db
      .prepare("SELECT article_count FROM entities WHERE id = ?")
      .pluck()
      .get(rows[0]!.id);
    expect(articles).toBe(2);
  });
});
