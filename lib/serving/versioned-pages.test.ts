import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { itemListBody, ListItemsQuery } from "../articles/list-items";
import { enrichArticles } from "../enrichment/enrich-articles";
import { entityListBody } from "../entities/queries/list-entities";
import { ListEntitiesQuery } from "../entities/queries/schemas";
import { ingestArticles } from "../ingestion/ingest-articles";
import { normalizeArticle } from "../ingestion/normalize-article";
import { tempStore, testSource } from "../testing/temp-store";
import type { PreparedJson } from "./prepared-json";
import { VersionedPages } from "./versioned-pages";

describe("VersionedPages", () => {
  it("serves a kept page until the version moves or the page outlives its time to live", async () => {
    let version = 1;
    let builds = 0;
    const pages = new VersionedPages(async () => version, 1_000);
    const build = async () => ({ n: ++builds });
    const text = async (now: number) => (await pages.get("k", now, build)).json.toString();
    expect(await text(0)).toBe('{"n":1}');
    expect(await text(999)).toBe('{"n":1}');
    expect(await text(1_000)).toBe('{"n":2}'); // aged out
    version = 2;
    expect(await text(1_001)).toBe('{"n":3}'); // a write moved the counter
    expect(await text(1_002)).toBe('{"n":3}');
    expect(await (await pages.get("other", 1_002, build)).json.toString()).toBe('{"n":4}');
  });
});

describe("VersionedPages with a byte budget", () => {
  it("drops the oldest pages to stay within it, and keeps no page bigger than it", async () => {
    const pages = new VersionedPages(async () => 1, 60_000, { maxBytes: 25 });
    let builds = 0;
    const page = (key: string, size: number) =>
      pages.get(key, 0, async () => {
        builds++;
        return "x".repeat(size - 2); // a JSON string of `size` bytes
      });
    await page("a", 10);
    await page("b", 10);
    await page("a", 10);
    expect(builds).toBe(2);
    await page("c", 10); // 30 bytes would pass the budget: a goes
    await page("b", 10);
    expect(builds).toBe(3);
    await page("a", 10);
    expect(builds).toBe(4);
    await page("big", 26);
    await page("big", 26);
    expect(builds).toBe(6); // never kept
  });
});

describe("kept pages of items and entities", () => {
  let store: ReturnType<typeof tempStore>;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it("show a new article and its entities on the next request after it is stored", async () => {
    const source = await testSource(store);
    let n = 0;
    const add = async (title: string, summary: string) => {
      const { inserted } = await ingestArticles({ store }, [
        normalizeArticle(
          { url: `https://wire.test/${++n}`, title, summary },
          { source, discoveredAt: n * 1000 },
        ),
      ]);
      await enrichArticles({ store }, inserted);
    };
    await add("Volcano erupts near Reykjavik", "Iceland's Met Office said lava reached the road.");
    const now = Date.now();
    const items = ListItemsQuery.parse({ limit: "20" });
    const entities = ListEntitiesQuery.parse({ limit: "60" });
    const read = async () => ({
      items: JSON.parse(((await itemListBody(store, items, now)) as PreparedJson).json.toString()),
      entities: JSON.parse((await entityListBody(store, entities, now)).json.toString()),
    });
    const before = await read();
    expect(before.items.total).toBe(1);
    expect(before.entities.entities.map((e: { name: string }) => e.name)).not.toContain("Amara Okafor");
    // The same instant (no time to live runs out): only the writes' counters can make these pages new.
    expect((await read()).items).toEqual(before.items);
    await add(
      "Glacier collapse buries valley road",
      "Amara Okafor, a geologist, said the glacier had thinned.",
    );
    const after = await read();
    expect(after.items.total).toBe(2);
    expect(after.items.items[0].title).toBe("Glacier collapse buries valley road");
    expect(after.entities.entities.map((e: { name: string }) => e.name)).toContain("Amara Okafor");
  });
});
