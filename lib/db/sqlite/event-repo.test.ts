import { afterEach, describe, expect, it } from "vitest";

import { compileFilters, EVENT_TYPES, matchesFilters, type FilterSpec } from "../../events/filters";
import { tempStore, testSource } from "../../testing/temp-store";
import type { EventRangeQuery } from "../store";
import { rangeParams, rangeSql, setEventTimeMode } from "./event-repo";

let store: ReturnType<typeof tempStore>;
afterEach(() => store?.cleanup());

const TS = 1_000_000;

async function log(type: string, data: unknown, articleId: number | null = null, extra: object = {}) {
  return store.events.append({
    ts: TS,
    type,
    clusterId: type.startsWith("item.") ? 0 : 7,
    articleId,
    payload: (id) => ({ type, id, ts: TS, data, ...extra }),
  });
}

describe("event range filters", () => {
  it("keep exactly what the live feed's filter code keeps, on tricky payloads", async () => {
    store = tempStore();
    // A log scripted at one chosen time, which its events keep.
    setEventTimeMode(store.db, "producer");
    const wire = await testSource(store, "wire");
    const other = await testSource(store, "other");
    const article = (sourceId: number, n: number) =>
      Number(
        store.db
          .prepare(
            `INSERT INTO articles (url_hash, url, canonical_url, title, slug, source_id, category, published_at, discovered_at)
             VALUES (?, ?, ?, 'x', 'x', ?, 'world', 0, 0)`,
          )
          .run(`h${n}`, `https://wire.test/${n}`, `https://wire.test/${n}`, sourceId).lastInsertRowid,
      );
    const fromWire = article(wire.id, 1);
    const fromOther = article(other.id, 2);
    const titles = [
      "Tariff talks resume",
      "ÉCLAT: TARIFF row deepens", // non-ASCII text
      "\u212Aing of the hill", // the Kelvin sign lowercases to "k" in JavaScript
      "tabs\tand TARIFF",
      'Quote "tariff" inside',
      "Nothing relevant",
    ];
    for (const [i, title] of titles.entries()) {
      await log("item.new", { title, category: "politics", source_id: String(wire.id) }, fromWire);
      await log("item.enriched", { title, category: "Politics", source_id: wire.id }, fromWire, {
        entity_ids: i % 2 ? [1, 2] : [3],
      });
      await log("item.new", { title, category: "world", source_id: String(other.id) }, fromOther);
    }
    await log(
      "item.enriched",
      { title: "No entity list", category: "world", source_id: String(wire.id) },
      fromWire,
    );
    await log("item.enriched", { title: "Entity ids as text", source_id: String(wire.id) }, fromWire, {
      entity_ids: ["1"],
    });
    await log("item.new", { title: 42, category: 7, source_id: null });
    await log("item.new", { title: "No source at all" });
    await log("story.development", { headline: null, title: "Tariff schedule", category: "business" });
    await log("story.development", { headline: 5, category: null });
    await log("story.priority_changed", { headline: "King returns", category: "world" });
    await log("story.priority_changed", { headline: "ÉCLAT returns", category: "world" });
    await log("cluster.event", { action: "create", cluster_id: 1, category: "sports" });
    await log("clusters.ranked", []);
    store.db
      .prepare("INSERT INTO events (ts, type, cluster_id, payload) VALUES (?, 'item.new', 0, NULL)")
      .run(TS);
    const specs: FilterSpec[] = [
      {},
      { keywords: ["tariff"] },
      { keywords: ["king"] },
      { keywords: ['"tariff"'] },
      { keywords: ["éclat"] },
      { keywords: ["tabs\tand"] },
      { categories: ["politics"] },
      { categories: ["business", "world"] },
      { categories: ["sports"] },
      { sources: [String(wire.id)] },
      { sources: ["wire"] },
      { sources: ["other", "null"] },
      { sources: ["undefined"] },
      { sources: ["nope"] },
      { entities: [1] },
      { entities: [3, 9] },
      { keywords: ["tariff"], categories: ["politics"], sources: ["wire"], entities: [2] },
    ];
    // Every event, read the way the live feed sees them (with their source slugs), is the reference.
    const everything = await store.events.after(0, 1000);
    for (const spec of specs) {
      const f = compileFilters(spec);
      const expected = everything.filter((e) => matchesFilters(f, e)).map((e) => e.id);
      const got = await store.events.range({
        from: 0,
        to: TS * 2,
        types: [...EVENT_TYPES],
        limit: 1000,
        categories: f.categories && [...f.categories],
        sources: f.sources && [...f.sources],
        keywords: f.keywords,
        entities: f.entities && [...f.entities],
      });
      expect(
        got.map((e) => e.id),
        JSON.stringify(spec),
      ).toEqual(expected);
    }
  });

  it("walk the events_page index in (ts, id) order, events_cluster for one story, events_article for a few articles", () => {
    store = tempStore();
    const plan = (q: EventRangeQuery) =>
      (store.db.prepare(`EXPLAIN QUERY PLAN ${rangeSql(q)}`).all(rangeParams(q)) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join("\n");
    const base = { from: 0, to: 10, types: ["item.new", "cluster.event"], limit: 10 };
    const paged = plan({ ...base, categories: ["world"], sources: ["wire"], after: { ts: 1, id: 1 } });
    expect(paged).toContain("SEARCH events USING INDEX events_page (ts>? AND ts<?)");
    expect(paged).not.toContain("TEMP B-TREE"); // already in page order: no sort
    expect(plan({ ...base, clusterId: 7 })).toContain("USING INDEX events_cluster");
    // Article events of a few articles (an embedding filter's candidates) are read through their articles' events.
    const candidates = { ...base, types: ["item.new", "item.enriched"], articleIds: [3, 5] };
    expect(plan(candidates)).toContain("USING INDEX events_article (article_id=? AND ts>? AND ts<?)");
    expect(plan({ ...base, articleIds: [3, 5] })).toContain("USING INDEX events_page");
  });
});
