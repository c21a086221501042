import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import { setEventTimeMode } from "../db/sqlite/event-repo";
import type { Source } from "../db/types";
import { runPipeline } from "../ingestion/pipeline";
import { tempStore, testSource } from "../testing/temp-store";
import { StoryClustering } from "./story-clustering";

const H = 3_600_000;
const T0 = Date.UTC(2025, 2, 3, 8);
let store: ReturnType<typeof tempStore>;
let source: Source;

beforeEach(async () => {
  store = tempStore();
  // Articles on a scripted clock: story events carry its times, as a backfill's do.
  setEventTimeMode(store.db, "producer");
  source = await testSource(store);
});
afterEach(() => store.cleanup());

const item = (n: number, title: string, hours: number) => ({
  raw: { url: `https://wire.test/${n}`, title, published: T0 + hours * H },
  source,
  discoveredAt: T0 + hours * H,
});

function storyOfArticles() {
  return store.db.prepare("SELECT url, story_id FROM articles ORDER BY id").all() as Array<{
    url: string;
    story_id: number | null;
  }>;
}

describe("StoryClustering", () => {
  it("places pipeline articles in stories and records stories, reasons and cluster.events", async () => {
    const clustering = await StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS });
    await runPipeline({ store, clustering }, [
      item(1, "Volcano erupts near Reykjavik, flights grounded", 0),
      item(2, "Central bank raises interest rates to 5 percent", 1),
      item(3, "Reykjavik volcano eruption grounds flights", 2),
    ]);
    const rows = storyOfArticles();
    expect(rows[0]?.story_id).toBeGreaterThan(0);
    expect(rows[2]?.story_id).toBe(rows[0]?.story_id);
    expect(rows[1]?.story_id).not.toBe(rows[0]?.story_id);

    const story = store.db.prepare("SELECT * FROM stories WHERE id = ?").get(rows[0]!.story_id) as Record<
      string,
      unknown
    >;
    expect(story).toMatchObject({
      article_count: 2,
      first_seen: T0,
      last_updated: T0 + 2 * H,
      category: "world",
    });
    expect(story.slug).toBe(
      `${String(story.headline)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/-+$/, "")}-${rows[0]!.story_id}`,
    );

    const reasons = store.db
      .prepare("SELECT reasons FROM story_assignments WHERE article_id = 3")
      .pluck()
      .get() as string;
    expect(JSON.parse(reasons)).toMatchObject({
      action: "join",
      text: expect.any(Number),
      decay: expect.any(Number),
    });

    const created = (await store.events.after(0, 100)).filter((e) => e.type === "cluster.event");
    expect(created.map((e) => e.payload)).toEqual([
      {
        type: "cluster.event",
        id: created[0]!.id,
        ts: T0,
        data: {
          action: "create",
          cluster_id: rows[0]!.story_id,
          detail: {
            headline: "Volcano erupts near Reykjavik, flights grounded",
            category: "world",
            article_count: 1,
          },
        },
      },
      {
        type: "cluster.event",
        id: created[1]!.id,
        ts: T0 + H,
        data: {
          action: "create",
          cluster_id: rows[1]!.story_id,
          detail: {
            headline: "Central bank raises interest rates to 5 percent",
            // A general ("world") source's article gets its category from the classifier.
            category: "business",
            article_count: 1,
          },
        },
      },
    ]);
    expect(created.map((e) => e.clusterId)).toEqual([rows[0]!.story_id, rows[1]!.story_id]);
  });

  it("records merges: the merged id points to the survivor and a merge event is logged", async () => {
    const clustering = await StoryClustering.open({
      store,
      vectors: null,
      params: {
        ...TEXT_ONLY_PARAMS,
        joinThreshold: 0.95,
        mergeThreshold: 0.3,
        mergeEvery: 2,
        fragmentSize: 0,
      },
    });
    await runPipeline({ store, clustering }, [
      item(1, "Acme recalls 2 million cars over brake fault", 0),
      item(2, "Acme car recall: brake fault affects 2 million vehicles", 1),
    ]);
    const rows = storyOfArticles();
    expect(rows[0]?.story_id).toBe(rows[1]?.story_id);
    const survivor = rows[0]!.story_id!;
    const merged = store.db.prepare("SELECT old_id, into_id FROM merged_stories").all() as Array<{
      old_id: number;
      into_id: number;
    }>;
    expect(merged).toHaveLength(1);
    expect(merged[0]?.into_id).toBe(survivor);
    const mergeEvent = (await store.events.after(0, 100)).find(
      (e) => (e.payload?.data as { action?: string })?.action === "merge",
    );
    expect(mergeEvent?.payload?.data).toEqual({
      action: "merge",
      cluster_id: survivor,
      detail: { merged_cluster_ids: [merged[0]!.old_id], article_count: 2 },
    });
  });

  it("places articles a crash left outside any story when it opens, and resumes live stories", async () => {
    await runPipeline({ store }, [item(1, "Volcano erupts near Reykjavik, flights grounded", 0)]);
    expect(storyOfArticles()[0]?.story_id).toBeNull();
    const first = await StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS });
    const storyId = storyOfArticles()[0]?.story_id;
    expect(storyId).toBeGreaterThan(0);

    // The first process ends (releasing the clustering lease); a new one rebuilds the live story and keeps adding
    // to it.
    await first.release();
    const second = await StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS });
    await runPipeline({ store, clustering: second }, [
      item(2, "Reykjavik volcano eruption grounds flights", 1),
    ]);
    expect(storyOfArticles()[1]?.story_id).toBe(storyId);
    expect(first).not.toBe(second);
  });
});
