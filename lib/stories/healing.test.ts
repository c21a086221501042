import { describe, expect, it, onTestFinished } from "vitest";

import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import type { SqliteStore } from "../db/sqlite/sqlite-store";
import type { Source } from "../db/types";
import { runPipeline } from "../ingestion/pipeline";
import { tempStore, testSource, twoTempStores } from "../testing/temp-store";
import { healStories, startStoryHealing } from "./healing";
import { StoryClustering } from "./story-clustering";

const H = 3_600_000;
const T0 = Date.UTC(2025, 2, 3, 8);
function twoStores(): [SqliteStore & { dir: string }, SqliteStore] {
  const pair = twoTempStores();
  onTestFinished(pair.cleanup);
  return pair.stores;
}

const TITLES = [
  "Volcano erupts near Reykjavik, flights grounded",
  "Reykjavik volcano eruption grounds flights",
  "Central bank raises interest rates to 5 percent",
];

/** What an import killed with -9 leaves: stored articles, never enriched nor placed, and its unexpired lease. */
async function crashedImport(store: SqliteStore, source: Source, leaseMs: number): Promise<void> {
  expect(await store.leases.acquire("clustering", "killed-import", leaseMs, Date.now())).toBe(true);
  await runPipeline(
    { store },
    TITLES.map((title, i) => ({
      raw: { url: `https://wire.test/${i}`, title, published: T0 + i * H },
      source,
      discoveredAt: T0 + i * H,
    })),
  );
}

function state(store: SqliteStore) {
  return store.db.prepare("SELECT story_id, enriched_at FROM articles ORDER BY id").all() as Array<{
    story_id: number | null;
    enriched_at: number | null;
  }>;
}

const open = (store: SqliteStore) =>
  StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS, enrichment: { embedder: null } });

describe("healStories", () => {
  it("places what a killed import left once its lease expires, enriching the articles first", async () => {
    const [server, importer] = twoStores();
    const source = await testSource(server);
    const clustering = await open(server);
    // The server idled and let its lease go; an import took it and was killed mid-way.
    await clustering.release();
    await crashedImport(importer, source, 150);

    // The lease is still the killed import's: nothing is touched yet.
    expect(await healStories({ store: server, clustering: async () => clustering })).toBeNull();
    expect(state(server).every((r) => r.story_id === null && r.enriched_at === null)).toBe(true);

    await new Promise((r) => setTimeout(r, 200));
    expect(await healStories({ store: server, clustering: async () => clustering })).toEqual({
      enriched: 3,
      placed: 3,
    });
    const rows = state(server);
    expect(rows.every((r) => r.story_id !== null && r.enriched_at !== null)).toBe(true);
    expect(rows[1]!.story_id).toBe(rows[0]!.story_id);
    expect(rows[2]!.story_id).not.toBe(rows[0]!.story_id);
    expect(await server.stories.hasUnassigned()).toBe(false);
  });

  it("does nothing, and opens no clustering stage, when every article has a story", async () => {
    const store = tempStore();
    onTestFinished(store.cleanup);
    let opened = 0;
    const healed = await healStories({
      store,
      clustering: async () => {
        opened++;
        return open(store);
      },
    });
    expect(healed).toBeNull();
    expect(opened).toBe(0);
  });
});

describe("startStoryHealing", () => {
  it("checks on its interval, opens the clustering stage only when needed, and stops", async () => {
    const [server, importer] = twoStores();
    const source = await testSource(server);
    let opened = 0;
    let stage: Promise<StoryClustering> | undefined;
    const healing = startStoryHealing({
      store: server,
      intervalMs: 20,
      clustering: () => {
        opened++;
        return (stage ??= open(server));
      },
    });
    try {
      await new Promise((r) => setTimeout(r, 60));
      expect(opened).toBe(0);
      await crashedImport(importer, source, 100);
      const end = Date.now() + 5_000;
      while (!(state(server).every((r) => r.story_id !== null) || Date.now() > end))
        await new Promise((r) => setTimeout(r, 20));
      expect(state(server).every((r) => r.story_id !== null && r.enriched_at !== null)).toBe(true);
      expect(opened).toBeGreaterThan(0);
    } finally {
      await healing.stop();
    }
    const checks = opened;
    await new Promise((r) => setTimeout(r, 60));
    expect(opened).toBe(checks);
    // The server's stage holds the lease now; on close it releases it for another process.
    await (await stage!).release();
    expect(await importer.leases.acquire("clustering", "next-import", 1_000, Date.now())).toBe(true);
  });
});
