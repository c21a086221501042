import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { TEXT_ONLY_PARAMS, type ClusterParams } from "../../clustering/clusterer";
import { setEventTimeMode } from "../../db/sqlite/event-repo";
import type { Source } from "../../db/types";
import { runPipeline } from "../../ingestion/pipeline";
import { BACKGROUND_HEADLINES } from "../../testing/background-news";
import { tempStore, testSource } from "../../testing/temp-store";
import { StoryClustering } from "../story-clustering";
import { VELOCITY_TAU_MS } from "./velocity";

const M = 60_000;
const T0 = Date.UTC(2025, 5, 10, 6);

let store: ReturnType<typeof tempStore>;
let sources: Source[];
let n = 0;

beforeEach(async () => {
  store = tempStore();
  // The story runs on a scripted clock: its events carry that clock's times, as a simulation's would.
  setEventTimeMode(store.db, "producer");
  sources = [];
  for (let i = 1; i <= 16; i++) sources.push(await testSource(store, `s${i}`, `Source ${i}`));
});
afterEach(() => store.cleanup());

async function open(params: Partial<ClusterParams> = {}) {
  return StoryClustering.open({ store, vectors: null, params: { ...TEXT_ONLY_PARAMS, ...params } });
}

/** One article per pipeline call, as a live poll would deliver it. */
function adder(clustering: StoryClustering) {
  return (source: number, minute: number, title: string) =>
    runPipeline({ store, clustering }, [
      {
        raw: { url: `https://s${source}.test/${++n}`, title, published: T0 + minute * M },
        source: sources[source - 1]!,
        discoveredAt: T0 + minute * M,
      },
    ]);
}

interface Logged {
  id: number;
  ts: number;
  type: string;
  cluster_id: number;
  payload: {
    type: string;
    id: number;
    ts: number;
    data: Record<string, unknown> & Array<Record<string, unknown>>;
  };
}

function storyEvents(afterId = 0): Logged[] {
  return (
    store.db
      .prepare(
        "SELECT id, ts, type, cluster_id, payload FROM events WHERE type <> 'item.new' AND ts >= ? AND id > ? ORDER BY id",
      )
      .all(T0, afterId) as Array<Omit<Logged, "payload"> & { payload: string }>
  ).map((e) => ({ ...e, payload: JSON.parse(e.payload) as Logged["payload"] }));
}

const at = (minute: number) => T0 + minute * M;

/** Adds the background day and settles it; returns the last event id, after which the scenario's events follow. */
async function background(add: ReturnType<typeof adder>, clustering?: StoryClustering): Promise<number> {
  let minute = -3 * 24 * 60;
  for (const [i, title] of BACKGROUND_HEADLINES.entries()) await add((i % 16) + 1, (minute += 30), title);
  await clustering?.settle();
  return store.db.prepare("SELECT COALESCE(MAX(id), 0) FROM events").pluck().get() as number;
}

async function quakeScenario(): Promise<StoryClustering> {
  const clustering = await open();
  const add = adder(clustering);
  await background(add);
  const quake = "Chile earthquake magnitude 7.1 strikes coast";
  await add(1, 0, quake);
  await add(2, 2, "Chile earthquake: magnitude 7.1 quake strikes coast");
  await add(3, 4, "Magnitude 7.1 Chile earthquake strikes coast"); // 3 sources
  await add(4, 6, "Chile earthquake strikes coast, 12 dead"); // new weighty figure
  await add(5, 8, "Chile earthquake strikes coast: rescuers search rubble"); // 5 sources
  const follow = [
    "Rescuers search rubble after Chile earthquake strikes coast",
    "Chile earthquake: coast towns hit as rescuers search rubble",
    "Chile earthquake strikes coast; aftershocks rattle rescuers",
    "Aftershocks hit Chile coast after earthquake",
    "Chile earthquake strikes coast, power cut to towns",
    "Chile earthquake: coast towns without power, rescuers search",
    "Chile coast earthquake: rescuers search rubble for survivors",
    "Survivors pulled from rubble after Chile earthquake strikes coast",
    "Chile earthquake strikes coast, ports closed",
    "Chile earthquake: ports on coast closed as rescuers search",
    "Chile earthquake strikes coast; rescuers search rubble overnight",
  ];
  for (const [i, title] of follow.entries()) await add(i + 6, 14 + i, title);
  await add(1, 100, "Central bank raises interest rates to curb inflation");
  return clustering;
}

describe("story dynamics: a scripted breaking story", () => {
  it("emits developments, priority changes and rankings as the story grows", async () => {
    await quakeScenario();

    const events = storyEvents();
    const quakeId = events[0]!.cluster_id;
    const summary = events.map((e) => {
      const d = e.payload.data;
      switch (e.type) {
        case "cluster.event":
          return [e.type, (e.ts - T0) / M, d.action, d.cluster_id === quakeId ? "quake" : "bank"];
        case "story.development":
          return [e.type, (e.ts - T0) / M, d.significance, d.title, d.enrichment_seq];
        case "story.priority_changed":
          return [e.type, (e.ts - T0) / M, d.previous_priority, d.new_priority];
        default:
          return [
            e.type,
            (e.ts - T0) / M,
            (e.payload.data as unknown as Array<{ id: number }>).map((s) =>
              s.id === quakeId ? "quake" : "bank",
            ),
          ];
      }
    });
    expect(summary).toEqual([
      ["cluster.event", 0, "create", "quake"],
      ["clusters.ranked", 0, ["quake"]],
      ["story.development", 4, "minor", "Reported by 3 independent sources", 1],
      ["story.development", 6, "moderate", "New figure: 12", 2],
      ["story.priority_changed", 6, "low", "medium"],
      ["story.development", 8, "moderate", "Reported by 5 independent sources", 3],
      // 7 independent reports within 15 minutes: velocity ≈ 6.85 ≥ 6.
      ["story.priority_changed", 15, "medium", "high"],
      ["story.development", 18, "moderate", "Reported by 10 independent sources", 4],
      // 13 reports by minute 21: velocity ≈ 12.5 ≥ 12.
      ["story.development", 21, "major", "Coverage surging", 5],
      ["story.priority_changed", 21, "high", "breaking"],
      ["cluster.event", 100, "create", "bank"],
      ["clusters.ranked", 100, ["quake", "bank"]],
    ]);
  });
});

describe("story dynamics: payloads and time", () => {
  it("gives each event exactly the contract's fields, and developments match the REST timeline", async () => {
    await quakeScenario();
    const events = storyEvents();
    const dev = events.find((e) => e.type === "story.development" && e.payload.data.enrichment_seq === 2)!;
    const quakeId = dev.cluster_id;
    const timeline = await store.stories.developments(quakeId);
    expect(timeline.map((d) => d.enrichmentSeq)).toEqual([1, 2, 3, 4, 5]);
    const second = timeline[1]!;
    expect(dev.payload).toEqual({
      type: "story.development",
      id: dev.id,
      ts: at(6),
      data: {
        cluster_id: quakeId,
        title: "New figure: 12",
        description: "Source 4 reports “Chile earthquake strikes coast, 12 dead”, with the new figure 12.",
        significance: "moderate",
        headline: expect.any(String),
        category: "world",
        previous_headline: null,
        new_headline: null,
        created_at_ms: at(6),
        enrichment_seq: 2,
        id: second.id,
        trigger_article_hashes: second.triggerArticleHashes,
      },
    });
    expect(second.triggerArticleHashes).toHaveLength(1);

    const priority = events.find((e) => e.type === "story.priority_changed")!;
    expect(Object.keys(priority.payload.data).sort()).toEqual(
      [
        "acceleration_score",
        "category",
        "cluster_id",
        "headline",
        "new_priority",
        "overall_score",
        "previous_priority",
      ].sort(),
    );
    expect(priority.payload.data.overall_score).toBeGreaterThan(0);
    expect(priority.payload.data.overall_score).toBeLessThanOrEqual(1);
    expect(priority.payload.data.acceleration_score).toBeGreaterThan(0);

    const ranked = events.filter((e) => e.type === "clusters.ranked").at(-1)!;
    expect(ranked.cluster_id).toBe(0);
    expect((ranked.payload as unknown as { updated: boolean }).updated).toBe(true);
    const top = ranked.payload.data as unknown as Array<Record<string, unknown>>;
    expect(top.map((s) => s.rank)).toEqual([1, 2]);
    expect(Object.keys(top[0]!).sort()).toEqual(
      [
        "id",
        "slug",
        "headline",
        "summary",
        "image_url",
        "article_count",
        "sources",
        "top_entities",
        "category",
        "first_seen",
        "last_updated",
        "label",
        "tickers",
        "rank",
        "overall_score",
      ].sort(),
    );
    expect(top[0]).toMatchObject({ id: quakeId, article_count: 16, label: "Breaking" });
    expect(top[0]!.overall_score as number).toBeGreaterThan(top[1]!.overall_score as number);
  });

  it("lets priority decay between arrivals, with hysteresis", async () => {
    const clustering = await quakeScenario();
    const quakeId = storyEvents()[0]!.cluster_id;
    const row = () =>
      store.db.prepare("SELECT priority, velocity, velocity_at FROM stories WHERE id = ?").get(quakeId) as {
        priority: string;
        velocity: number;
        velocity_at: number;
      };
    const { velocity: v0, velocity_at: t0 } = row();
    expect(v0).toBeGreaterThan(12);
    // When the stored velocity, decaying with its 6-hour e-folding time, reaches a given value.
    const when = (v: number) => Math.round(t0 + VELOCITY_TAU_MS * Math.log(v0 / v));
    await clustering.tick(when(11)); // under breaking's 12, above its hold (0.6 × 12 = 7.2)
    expect(row().priority).toBe("breaking");
    await clustering.tick(when(7.1)); // under the hold → high
    expect(row().priority).toBe("high");
    await clustering.tick(when(5)); // under high's 6, above its hold 3.6 → stays high
    expect(row().priority).toBe("high");
    await clustering.tick(when(3.5)); // under high's hold → medium (above medium's hold 1.8)
    expect(row().priority).toBe("medium");
    await clustering.tick(when(1)); // under medium's hold → low
    expect(row().priority).toBe("low");
    const changes = storyEvents()
      .filter((e) => e.type === "story.priority_changed" && e.cluster_id === quakeId)
      .map((e) => [e.payload.data.previous_priority, e.payload.data.new_priority, e.ts]);
    expect(changes.slice(-3)).toEqual([
      ["breaking", "high", when(7.1)],
      ["high", "medium", when(3.5)],
      ["medium", "low", when(1)],
    ]);
  });
});

describe("story dynamics: merges and splits", () => {
  it("records a merge: survivor event, merged id answers as merged", async () => {
    // Every article starts its own story; the merge pass after each arrival then joins converging ones.
    const clustering = await open({
      joinThreshold: 0.99,
      fragmentSize: 0,
      mergeThreshold: 0.2,
      mergeEvery: 1,
    });
    const add = adder(clustering);
    const mark = await background(add, clustering);
    await add(1, 0, "Volcano erupts near Reykjavik, flights grounded");
    await add(2, 5, "Reykjavik volcano erupts, flights grounded");
    const events = storyEvents(mark).filter((e) => e.type === "cluster.event");
    const [a, b, merge] = events;
    expect(a!.payload.data).toMatchObject({ action: "create" });
    expect(b!.payload.data).toMatchObject({ action: "create" });
    const survivor = merge!.payload.data.cluster_id as number;
    const gone = [a!.cluster_id, b!.cluster_id].find((id) => id !== survivor)!;
    expect(merge!.payload).toEqual({
      type: "cluster.event",
      id: merge!.id,
      ts: at(5),
      data: {
        action: "merge",
        cluster_id: survivor,
        detail: { merged_cluster_ids: [gone], article_count: 2 },
      },
    });
    expect(merge!.cluster_id).toBe(survivor);
    expect(store.db.prepare("SELECT into_id FROM merged_stories WHERE old_id = ?").pluck().get(gone)).toBe(
      survivor,
    );
    expect(await store.stories.get(gone)).toBeNull();
  });

  it("splits a story whose reporting drifted into two separate events", async () => {
    // A very low join bar glues two unrelated threads through one bridging headline; the split pass at the
    // close of the news cycle takes them apart again.
    const clustering = await open({ joinThreshold: 0.01 });
    const add = adder(clustering);
    const mark = await background(add, clustering);
    await add(1, 0, "Volcano erupts near Reykjavik, flights grounded");
    await add(2, 5, "Reykjavik volcano erupts as lava reaches town");
    await add(3, 10, "Iceland volcano: lava flows toward Grindavik");
    await add(4, 15, "Volcano ash cloud: central bank keeps flights insurance rates");
    await add(5, 20, "Central bank keeps interest rates unchanged");
    await add(6, 25, "Central bank holds interest rates, signals cuts");
    await add(7, 30, "Interest rates on hold as central bank waits");
    const before = storyEvents(mark).filter((e) => e.type === "cluster.event");
    expect(before.map((e) => e.payload.data.action)).toEqual(["create"]);
    const original = before[0]!.cluster_id;

    await clustering.settle();
    const after = storyEvents(mark)
      .filter((e) => e.type === "cluster.event")
      .slice(1);
    expect(after.map((e) => [e.payload.data.action, e.cluster_id === original])).toEqual([
      ["split", true],
      ["split_created", false],
    ]);
    const [split, created] = after as [Logged, Logged];
    const createdId = created.cluster_id;
    const sizes = store.db
      .prepare("SELECT story_id, COUNT(*) AS n FROM articles WHERE story_id IN (?, ?) GROUP BY story_id")
      .all(original, createdId) as Array<{ story_id: number; n: number }>;
    const size = (id: number) => sizes.find((r) => r.story_id === id)?.n;
    expect(split.payload.data).toEqual({
      action: "split",
      cluster_id: original,
      detail: { new_cluster_ids: [createdId], article_count: size(original) },
    });
    expect(created.payload.data).toEqual({
      action: "split_created",
      cluster_id: createdId,
      detail: {
        parent_cluster_id: original,
        headline: (await store.stories.get(createdId))!.headline,
        article_count: size(createdId),
      },
    });
    expect((size(original) ?? 0) + (size(createdId) ?? 0)).toBe(7);
    const titles = (id: number) =>
      store.db.prepare("SELECT source_id FROM articles WHERE story_id = ? ORDER BY id").pluck().all(id);
    // The larger part (the central-bank thread, with the bridging headline) keeps the id; the volcano leaves.
    expect(titles(createdId)).toEqual([sources[0]!.id, sources[1]!.id, sources[2]!.id]);
    expect(titles(original)).toEqual([sources[3]!.id, sources[4]!.id, sources[5]!.id, sources[6]!.id]);
  });
});

describe("story dynamics: rankings after a live server", () => {
  it("ranks an import replaying older article times, though the log's last ranking is stamped later", async () => {
    // A live server ranked at wall-clock time; then an import of an archive runs on its articles' clock.
    setEventTimeMode(store.db, "emit");
    const live = await open();
    await adder(live)(1, 0, "Harbour strike shuts the port of Lisbon");
    expect(storyEvents().filter((e) => e.type === "clusters.ranked")).toHaveLength(1);
    await live.release();
    setEventTimeMode(store.db, "producer");
    const rankings = () =>
      store.db.prepare("SELECT ts FROM events WHERE type = 'clusters.ranked' ORDER BY id").pluck().all();
    const importer = await open();
    await adder(importer)(2, -90 * 24 * 60, "Volcano erupts near Reykjavik, flights grounded");
    expect(rankings().slice(1)).toEqual([at(-90 * 24 * 60)]);
  });
});
