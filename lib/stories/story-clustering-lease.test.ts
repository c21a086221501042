import pino from "pino";
import { describe, expect, it, onTestFinished } from "vitest";

import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import type { SqliteStore } from "../db/sqlite/sqlite-store";
import type { Source } from "../db/types";
import { runPipeline, type PipelineInput } from "../ingestion/pipeline";
import { generateNewswire } from "../newswire/generate";
import { outletBySlug } from "../newswire/outlets";
import { toRawArticle } from "../newswire/records";
import type { NewswireArticle } from "../newswire/types";
import { tempStore, testSource, twoTempStores } from "../testing/temp-store";
import { finishClustering } from "./finish-clustering";
import { StoryClustering, type StoryClusteringOptions } from "./story-clustering";

const H = 3_600_000;
const T0 = Date.UTC(2025, 2, 3, 8);
function twoStores(): [SqliteStore & { dir: string }, SqliteStore] {
  const pair = twoTempStores();
  onTestFinished(pair.cleanup);
  return pair.stores;
}

function logLines(): { log: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: pino({ level: "info" }, { write: (l: string) => lines.push(l) }), lines };
}

const open = (store: SqliteStore, o: Partial<StoryClusteringOptions> = {}) =>
  StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS, ...o });

const item = (source: Source, n: number, title: string, hours: number) => ({
  raw: { url: `https://wire.test/${n}`, title, published: T0 + hours * H },
  source,
  discoveredAt: T0 + hours * H,
});

function storyIds(store: SqliteStore): Array<number | null> {
  return store.db.prepare("SELECT story_id FROM articles ORDER BY id").pluck().all() as Array<number | null>;
}

describe("StoryClustering and the clustering lease", () => {
  it("leaves a batch unassigned without the lease; the holder places it with its next batch, in time order", async () => {
    const [a, b] = twoStores();
    const source = await testSource(a);
    const holder = await open(a);
    const other = await open(b);
    expect([holder.holdsLease, other.holdsLease]).toEqual([true, false]);

    await runPipeline({ store: b, clustering: other }, [
      item(source, 1, "Volcano erupts near Reykjavik, flights grounded", 0),
      item(source, 2, "Iceland volcano: ash cloud drifts towards Norway", 2),
    ]);
    expect(storyIds(a)).toEqual([null, null]);
    await runPipeline({ store: a, clustering: holder }, [
      item(source, 3, "Reykjavik volcano eruption grounds flights", 1),
    ]);
    // What both streams have reached (up to hour 1) is placed; the other's later report waits for the holder's
    // next batch, so that the two streams are clustered in article-time order.
    const [first, later, own] = storyIds(a);
    expect(first).toBeGreaterThan(0);
    expect(own).toBe(first);
    expect(later).toBeNull();
    expect(await holder.placePending()).toEqual({ enriched: 0, placed: 1 });
    expect(storyIds(a).every((id) => id !== null)).toBe(true);
  });

  it("takes over once the holder's lease expires, rebuilding its state from the database first", async () => {
    const [a, b] = twoStores();
    const source = await testSource(a);
    const crashed = await open(a, { leaseTtlMs: 50 });
    await runPipeline({ store: a, clustering: crashed }, [
      item(source, 1, "Volcano erupts near Reykjavik, flights grounded", 0),
    ]);
    const successor = await open(b);
    expect(successor.holdsLease).toBe(false);

    await new Promise((r) => setTimeout(r, 80));
    await runPipeline({ store: b, clustering: successor }, [
      item(source, 2, "Reykjavik volcano eruption grounds flights", 1),
    ]);
    expect(successor.holdsLease).toBe(true);
    const [story] = storyIds(a);
    expect(storyIds(a)).toEqual([story, story]);

    // The old holder wakes up: it may no longer place articles, so it leaves them to the new holder.
    await runPipeline({ store: a, clustering: crashed }, [
      item(source, 3, "Flights resume in Iceland as volcano calms", 2),
    ]);
    expect(crashed.holdsLease).toBe(false);
    expect(storyIds(a)[2]).toBeNull();
  });

  it("keeps its state without a rebuild when its lease lapsed but nobody took it", async () => {
    const [a] = twoStores();
    const source = await testSource(a);
    const { log, lines } = logLines();
    const clustering = await open(a, { leaseTtlMs: 20, log });
    const rebuilds = () => lines.filter((l) => l.includes("rebuilt from the database")).length;
    expect(rebuilds()).toBe(1);
    await runPipeline({ store: a, clustering }, [item(source, 1, "Volcano erupts near Reykjavik", 0)]);
    await new Promise((r) => setTimeout(r, 40));
    await runPipeline({ store: a, clustering }, [item(source, 2, "Reykjavik volcano eruption", 1)]);
    expect(rebuilds()).toBe(1);
    await clustering.release();
    await runPipeline({ store: a, clustering }, [item(source, 3, "Volcano near Reykjavik erupts again", 2)]);
    expect(rebuilds()).toBe(1);
    expect(new Set(storyIds(a)).size).toBe(1);
  });

  it("opens without failing while another process holds the lease", async () => {
    const [a, b] = twoStores();
    const source = await testSource(a);
    await runPipeline({ store: a }, [item(source, 1, "Volcano erupts near Reykjavik", 0)]);
    await a.leases.acquire("clustering", "another-process", 60_000, Date.now());
    const clustering = await open(b);
    expect(clustering.holdsLease).toBe(false);
    expect(await clustering.placePending()).toBeNull();
    expect(await clustering.settle()).toEqual({ created: 0, joined: 0, merged: 0, moved: 0, split: 0 });
    expect(storyIds(a)).toEqual([null]);
  });
});

describe("two importers on one data directory", () => {
  it("make as many stories as one importer of the whole stream, and leave no article without a story", async () => {
    const nw = generateNewswire({ seed: 11, days: 3 });
    const stage = (store: SqliteStore) => open(store, { enrichment: { embedder: null } });
    const one = tempStore();
    onTestFinished(one.cleanup);
    const alone = await stage(one);
    for (const batch of batches(nw.articles, 100))
      await runPipeline({ store: one, clustering: alone }, await inputs(one, batch));
    await finishClustering(one, alone);

    // Two processes progressing at the same pace through two interleaved halves of the stream.
    const [a, b] = twoStores();
    const [first, second] = [await stage(a), await stage(b)];
    expect([first.holdsLease, second.holdsLease]).toEqual([true, false]);
    const halves = [0, 1].map((h) =>
      batches(
        nw.articles.filter((_, i) => i % 2 === h),
        50,
      ),
    );
    for (let i = 0; i < Math.max(halves[0]!.length, halves[1]!.length); i++)
      await Promise.all([
        runPipeline({ store: a, clustering: first }, await inputs(a, halves[0]![i] ?? [])),
        runPipeline({ store: b, clustering: second }, await inputs(b, halves[1]![i] ?? [])),
      ]);
    await Promise.all([finishClustering(a, first), finishClustering(b, second)]);

    const [single, together] = [summary(one), summary(a)];
    console.log(`one importer: ${single.stories} stories; two importers: ${together.stories} stories`);
    expect(together.articles).toBe(nw.articles.length);
    expect(single.articles).toBe(nw.articles.length);
    expect(together.storyless).toBe(0);
    expect(Math.abs(together.stories - single.stories)).toBeLessThanOrEqual(Math.ceil(single.stories * 0.02));
  }, 60_000);
});

function batches<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Pipeline inputs as a feed would give the newswire's articles, each under its outlet's source. */
async function inputs(store: SqliteStore, articles: NewswireArticle[]): Promise<PipelineInput[]> {
  const out: PipelineInput[] = [];
  for (const a of articles) {
    const outlet = outletBySlug(a.outlet);
    const source = await testSource(store, outlet.slug, outlet.name, outlet.category);
    out.push({ raw: toRawArticle(a), source, discoveredAt: a.publishedAt });
  }
  return out;
}

function summary(store: SqliteStore) {
  return store.db
    .prepare(
      `SELECT COUNT(*) AS articles, COUNT(DISTINCT story_id) AS stories, SUM(story_id IS NULL) AS storyless
       FROM articles`,
    )
    .get() as { articles: number; stories: number; storyless: number };
}

describe("the periodic tick and the clustering lease", () => {
  it("lets only the lease holder run the periodic tick (priority decay, ranking)", async () => {
    const [a, b] = twoStores();
    const sources = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => testSource(a, `s${i}`, `Source ${i}`)));
    const holder = await open(a);
    const other = await open(b);
    // A burst: twelve reports from six outlets in twenty minutes, one poll each: the story rises in priority.
    const titles = ["Tanker explosion closes Rotterdam port", "Rotterdam port shut after tanker explodes"];
    for (let i = 0; i < 12; i++)
      await runPipeline({ store: a, clustering: holder }, [
        {
          raw: { url: `https://wire.test/burst-${i}`, title: titles[i % 2]!, published: T0 + i * 2 * 60_000 },
          source: sources[i % 6]!,
          discoveredAt: T0 + i * 2 * 60_000,
        },
      ]);
    const changes = () =>
      a.db
        .prepare("SELECT COUNT(*) FROM events WHERE type = 'story.priority_changed'")
        .pluck()
        .get() as number;
    const before = changes();
    expect(before).toBeGreaterThan(0);
    // A day later its priority has decayed: only the holder's tick says so.
    await other.tick(T0 + 24 * H);
    expect(changes()).toBe(before);
    await holder.tick(T0 + 24 * H);
    expect(changes()).toBeGreaterThan(before);
  });
});
