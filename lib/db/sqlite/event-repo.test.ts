import { afterEach, describe, expect, it } from "vitest";

import { compileFilters, EVENT_TYPES, matchesFilters, type FilterSpec } from "../../events/filters";
import { tempStore, testSource } from "../../testing/temp-store";

let store: ReturnType<typeof tempStore>;
afterEach(() => store?.cleanup());

const TS = 1_000_000;

async function log(type: string, data: unknown, articleId: number | null = null) {
  return store.events.append({
    ts: TS,
    type,
    clusterId: 0,
    articleId,
    payload: (id) => ({ type, id, ts: TS, data }),
  });
}

describe("event range pre-filters", () => {
  it("never drop an event the shared filter code keeps (superset on tricky payloads)", async () => {
    store = tempStore();
    const wire = await testSource(store, "wire");
    // An article row, so source slugs can be read with its events.
    const articleId = Number(
      store.db
        .prepare(
          `INSERT INTO articles (url_hash, url, canonical_url, title, slug, source_id, category, published_at, discovered_at)
           VALUES ('h1', 'https://wire.test/1', 'https://wire.test/1', 'x', 'x', ?, 'world', 0, 0)`,
        )
        .run(wire.id).lastInsertRowid,
    );
    const titles = [
      "Tariff talks resume",
      "ÉCLAT: TARIFF row deepens", // non-ASCII text: left to JavaScript
      "\u212Aing of the hill", // the Kelvin sign lowercases to "k" in JavaScript only
      "tabs\tand TARIFF",
      'Quote "tariff" inside',
      "Nothing relevant",
    ];
    for (const title of titles) {
      await log("item.new", { title, category: "politics", source_id: String(wire.id) }, articleId);
      await log("item.enriched", { title, category: "Politics", source_id: wire.id }, articleId);
    }
    await log("item.new", { title: 42, category: 7, source_id: null });
    await log("story.development", { headline: null, title: "Tariff schedule", category: "business" });
    await log("story.development", { headline: 5, category: null });
    await log("story.priority_changed", { headline: "King returns", category: "world" });
    await log("cluster.event", { action: "create", cluster_id: 1 });
    await log("clusters.ranked", []);
    const specs: FilterSpec[] = [
      { keywords: ["tariff"] },
      { keywords: ["king"] },
      { keywords: ['"tariff"'] },
      { keywords: ["éclat"] },
      { categories: ["politics"] },
      { categories: ["business", "world"] },
      { sources: [String(wire.id)] },
      { sources: ["wire"] },
      { sources: ["nope"] },
      { keywords: ["tariff"], categories: ["politics"], sources: ["wire"] },
    ];
    for (const spec of specs) {
      const f = compileFilters(spec);
      const base = { from: 0, to: TS * 2, types: [...EVENT_TYPES], limit: 1000 };
      const all = (await store.events.range(base)).filter((e) => matchesFilters(f, e)).map((e) => e.id);
      const pre = await store.events.range({
        ...base,
        categories: f.categories ? [...f.categories] : undefined,
        sources: f.sources ? [...f.sources] : undefined,
        keywords: f.keywords,
      });
      expect(
        pre.filter((e) => matchesFilters(f, e)).map((e) => e.id),
        JSON.stringify(spec),
      ).toEqual(all);
      // And the pre-filter does skip rows (it is not a no-op).
      if (spec.keywords?.[0] === "tariff" || spec.sources?.[0] === "nope")
        expect(pre.length).toBeLessThan(20);
    }
  });
});
