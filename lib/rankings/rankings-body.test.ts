import { afterEach, describe, expect, it, vi } from "vitest";

import type { Store } from "../db/store";
import { tempStore, testSource, twoTempStores } from "../testing/temp-store";
import { sourceRankingsBody } from "./rankings-body";
import { listSourceRankings, recomputeSourceRankings } from "./source-rankings";

const NOW = Date.UTC(2025, 2, 4, 12);
const H = 3_600_000;
let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function fresh() {
  const store = tempStore();
  cleanups.push(() => store.cleanup());
  return store;
}

let n = 0;
function addArticle(store: { db: import("../db/open-db").Db }, sourceId: number, title: string, at: number) {
  n++;
  store.db
    .prepare(
      `INSERT INTO articles (url_hash, url, canonical_url, title, slug, source_id, category, published_at, discovered_at)
       VALUES (?, ?, ?, ?, 'a', ?, 'world', ?, ?)`,
    )
    .run(`h${n}`, `https://x.test/${n}`, `https://x.test/${n}`, title, sourceId, at, at);
}

const parsed = async (store: Store, now = NOW) =>
  JSON.parse((await sourceRankingsBody(store, now)).json.toString()) as {
    rankings: Array<{ source_name: string; overall_score: number }>;
    count: number;
  };

describe("sourceRankingsBody", () => {
  it("computes and stores the rankings once when none were stored yet", async () => {
    const store = fresh();
    const wire = await testSource(store, "wire", "Wire");
    addArticle(store, wire.id, "Volcano erupts near Reykjavik", NOW - H);
    const inputs = vi.spyOn(store.rankings, "inputs");
    expect((await parsed(store)).count).toBe(1);
    await sourceRankingsBody(store, NOW);
    expect(inputs).toHaveBeenCalledTimes(1);
    expect(await store.rankings.bodyVersion()).not.toBeNull();
  });

  it("serves the body of the last tick as one held object, and the next tick's body after it", async () => {
    const store = fresh();
    const wire = await testSource(store, "wire", "Wire");
    const daily = await testSource(store, "daily", "Daily");
    addArticle(store, wire.id, "Volcano erupts near Reykjavik", NOW - 2 * H);
    await recomputeSourceRankings(store, NOW);
    const first = await sourceRankingsBody(store, NOW);
    expect(await sourceRankingsBody(store, NOW)).toBe(first);
    expect(JSON.parse(first.json.toString())).toEqual(await listSourceRankings(store));

    addArticle(store, daily.id, "Central bank raises rates", NOW - H);
    // Until the next tick the stored body stands, whatever was stored since.
    expect(await sourceRankingsBody(store, NOW)).toBe(first);
    await recomputeSourceRankings(store, NOW + 600_000);
    const second = await parsed(store);
    expect(second.count).toBe(2);
    expect(second).toEqual(await listSourceRankings(store));
  });

  it("serves another process's stored body without computing it again", async () => {
    const { stores, cleanup } = twoTempStores();
    cleanups.push(cleanup);
    const [worker, server] = stores;
    const wire = await testSource(worker, "wire", "Wire");
    addArticle(worker, wire.id, "Volcano erupts near Reykjavik", NOW - H);
    await recomputeSourceRankings(worker, NOW);
    const inputs = vi.spyOn(server.rankings, "inputs");
    const body = await sourceRankingsBody(server, NOW);
    expect(inputs).not.toHaveBeenCalled();
    expect(body.json.equals((await sourceRankingsBody(worker, NOW)).json)).toBe(true);

    const daily = await testSource(worker, "daily", "Daily");
    addArticle(worker, daily.id, "Central bank raises rates", NOW - H);
    await recomputeSourceRankings(worker, NOW + 600_000);
    expect((await parsed(server)).count).toBe(2);
  });

  it("shows a renamed source under its new name before the next tick, with the same scores", async () => {
    const store = fresh();
    const wire = await testSource(store, "wire", "Wire");
    addArticle(store, wire.id, "Volcano erupts near Reykjavik", NOW - H);
    await recomputeSourceRankings(store, NOW);
    const before = await parsed(store);
    const inputs = vi.spyOn(store.rankings, "inputs");
    store.db.prepare("UPDATE sources SET name = 'Wire Service' WHERE id = ?").run(wire.id);
    const after = await parsed(store);
    expect(after.rankings[0]).toEqual({ ...before.rankings[0], source_name: "Wire Service" });
    expect(inputs).not.toHaveBeenCalled();
    // A write that changes neither name nor logo keeps the stored body.
    const held = await sourceRankingsBody(store, NOW);
    store.db.prepare("UPDATE sources SET name = name, category = 'business' WHERE id = ?").run(wire.id);
    expect(await sourceRankingsBody(store, NOW)).toBe(held);
  });
});
