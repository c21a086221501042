import fs from "node:fs";
import path from "node:path";

import { describe, expect, it, onTestFinished } from "vitest";

import { tempDir } from "../../testing/temp-store";
import { syntheticVectors } from "../../vectors/synthetic-vectors";
import { openDb, type Db } from "../open-db";
import { sqliteEnrichmentRepo } from "./enrichment-repo";
import {
  addArticles,
  addSource,
  addStories,
  exactNearest,
  HOUR,
  recall,
  setVector,
} from "./vector-index/test-fixtures";
import { sqliteVectorRepo, type VectorRepoOptions } from "./vector-repo";

const NOW = Date.now();
// Smaller insert-time candidate lists than production: these graphs are small, and the tests build many.
const FAST: VectorRepoOptions = { params: { expansionAdd: 64 } };

function memoryDb(): Db {
  const db = openDb({ dataDir: ":memory:" });
  onTestFinished(() => {
    db.close();
  });
  return db;
}

function fileDir(): string {
  const dir = tempDir();
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function fileDb(dir: string): Db {
  const db = openDb({ dataDir: dir });
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return db;
}

const storiesFor = (n: number) => Math.max(10, Math.floor(n / 8));

/** `n` clustered vectors, one every `spacing` ms back from NOW (the last one newest). */
function corpus(n: number, seed: number, spacing = HOUR / 10) {
  const gen = syntheticVectors({ seed, topics: 20, stories: storiesFor(n) });
  return Array.from({ length: n }, (_, i) => ({
    discoveredAt: NOW - (n - i) * spacing,
    vector: gen.next().vector,
  }));
}

/** New articles on the corpus's stories (same centres as `corpus(size, seed)`, other noise). */
const queries = (n: number, seed: number, size = 1_000) => {
  const gen = syntheticVectors({ seed, topics: 20, stories: storiesFor(size), stream: seed + 1_000 });
  return Array.from({ length: n }, () => gen.next().vector);
};

const ids = (hits: Array<{ article: { id: number } }>) => hits.map((h) => h.article.id);

describe("sqliteVectorRepo over the HNSW index", () => {
  it("finds at least 95% of the exact top 10 on 2,000 clustered vectors, with the exact search's distances", async () => {
    const db = memoryDb();
    addArticles(db, addSource(db), corpus(2_000, 1));
    const repo = sqliteVectorRepo(db);
    let found = 0;
    for (const vector of queries(20, 1, 2_000)) {
      const exact = exactNearest(db, "article", vector, 0, 10);
      const hits = await repo.nearestArticles({ vector, since: 0, limit: 10 });
      expect(hits).toHaveLength(10);
      found += recall(exact, ids(hits));
      const exactById = new Map(exactNearest(db, "article", vector, 0, 2_000).map((e) => [e.id, e.distance]));
      for (const h of hits) expect(h.distance).toBe(exactById.get(h.article.id));
      expect(hits.map((h) => h.distance)).toEqual([...hits.map((h) => h.distance)].sort((a, b) => a - b));
    }
    expect(found / 20).toBeGreaterThanOrEqual(0.95);
    // The answers came from the graph, not from a scan.
    expect(repo.indexes.article.origin).toBe("rebuilt");
    expect(repo.indexes.article.size).toBe(2_000);
  });

  it("gives related articles in the graph's order, without exact rescoring, skipping what the caller rejects", async () => {
    const db = memoryDb();
    addArticles(db, addSource(db), corpus(2_000, 5));
    const repo = sqliteVectorRepo(db);
    let found = 0;
    for (const vector of queries(20, 5, 2_000)) {
      const near = await repo.relatedArticles({ vector, candidates: 32, take: 8, keep: () => true });
      expect(near).toHaveLength(8);
      found += recall(
        exactNearest(db, "article", vector, 0, 8),
        near.map((a) => a.id),
      );
      const odd = await repo.relatedArticles({
        vector,
        candidates: 32,
        take: 8,
        keep: (a) => a.id % 2 === 1,
      });
      expect(odd.length).toBeGreaterThanOrEqual(6);
      expect(odd.every((a) => a.id % 2 === 1)).toBe(true);
    }
    expect(found / 20).toBeGreaterThanOrEqual(0.95);
    expect(repo.indexes.article.origin).toBe("rebuilt");
  });

  it("names the articles within a radius, leaving out those discovered after a given time", async () => {
    const db = memoryDb();
    const rows = corpus(2_000, 6);
    const ids = addArticles(db, addSource(db), rows);
    const repo = sqliteVectorRepo(db, FAST);
    await repo.indexes.article.whenReady();
    const [vector] = queries(1, 6, 2_000);
    const all = await repo.articleCandidatesWithin({ vector: vector!, maxDistance: 0.5 });
    expect(all!.size).toBeGreaterThan(4);
    const until = rows[1_000]!.discoveredAt;
    const early = await repo.articleCandidatesWithin({
      vector: vector!,
      maxDistance: 0.5,
      discoveredUntil: until,
    });
    const discovered = new Map(ids.map((id, i) => [id, rows[i]!.discoveredAt]));
    expect([...early!].sort()).toEqual([...all!].filter((id) => discovered.get(id)! <= until).sort());
    expect(early!.size).toBeLessThan(all!.size);
  });

  it("keeps every hit inside the time window, in the recent tier, the full graph and a window of five rows", async () => {
    const db = memoryDb();
    // 3,000 articles over 15 days: the last 72 h hold 600 (searched in the 7-day graph), the last 10 days 2,000
    // (in the full graph), the last five rows a window searched exactly.
    const rows = corpus(3_000, 2, (15 * 24 * HOUR) / 3_000);
    const stored = addArticles(db, addSource(db), rows);
    const at = new Map(stored.map((id, i) => [id, rows[i]!.discoveredAt]));
    const repo = sqliteVectorRepo(db, FAST);
    const windows = [NOW - 10 * 24 * HOUR, NOW - 5 * 24 * HOUR, NOW - 72 * HOUR, rows[2_995]!.discoveredAt];
    for (const since of windows) {
      let found = 0;
      for (const vector of queries(10, 2, 3_000)) {
        const hits = await repo.nearestArticles({ vector, since, limit: 10 });
        for (const id of ids(hits)) expect(at.get(id)).toBeGreaterThanOrEqual(since);
        const exact = exactNearest(db, "article", vector, since, 10);
        expect(hits.length).toBe(exact.length);
        found += recall(exact, ids(hits));
      }
      expect(found / 10).toBeGreaterThanOrEqual(0.95);
    }
    const vector = queries(1, 3)[0]!;
    const five = await repo.nearestArticles({ vector, since: windows[3]!, limit: 10 });
    expect(five.map((h) => ({ id: h.article.id, distance: h.distance }))).toEqual(
      exactNearest(db, "article", vector, windows[3]!, 10),
    );
    expect(five).toHaveLength(5);
  });

  it("saves the index beside the database and reopens it without rebuilding", async () => {
    const dir = fileDir();
    const db = fileDb(dir);
    addArticles(db, addSource(db), corpus(800, 4));
    const first = sqliteVectorRepo(db, { ...FAST, inlineLimit: Infinity });
    const [vector] = queries(1, 4, 800);
    const before = await first.nearestArticles({ vector: vector!, since: 0, limit: 10 });
    first.indexes.article.save();
    expect(fs.readdirSync(path.join(dir, "vector-index"))).toContain("article.meta.json");
    db.close();

    const again = fileDb(dir);
    const second = sqliteVectorRepo(again, FAST);
    const after = await second.nearestArticles({ vector: vector!, since: 0, limit: 10 });
    expect(second.indexes.article.origin).toBe("loaded");
    expect(ids(after)).toEqual(ids(before));
  });

  it("reopens a small saved index too", async () => {
    const dir = fileDir();
    const db = fileDb(dir);
    addArticles(db, addSource(db), corpus(3, 13));
    const first = sqliteVectorRepo(db, FAST);
    await first.indexes.article.whenReady();
    first.indexes.article.save();
    const second = sqliteVectorRepo(db, FAST);
    await second.indexes.article.whenReady();
    expect(second.indexes.article.origin).toBe("loaded");
    expect(second.indexes.article.size).toBe(3);
  });

  it("rebuilds from SQLite when the saved graph cannot be read", async () => {
    const dir = fileDir();
    const db = fileDb(dir);
    addArticles(db, addSource(db), corpus(600, 5));
    const first = sqliteVectorRepo(db, { ...FAST, inlineLimit: Infinity });
    await first.indexes.article.whenReady();
    first.indexes.article.save();
    const files = fs.readdirSync(path.join(dir, "vector-index"));
    const graph = files.find((f) => f.endsWith("full.usearch"))!;
    // Same size, bytes flipped: usearch itself would crash on it (abort in free()), so the CRC must catch it.
    const bytes = fs.readFileSync(path.join(dir, "vector-index", graph));
    for (let i = 64; i < bytes.length; i += 97) bytes[i] = bytes[i]! ^ 0xff;
    fs.writeFileSync(path.join(dir, "vector-index", graph), bytes);

    const second = sqliteVectorRepo(db, { ...FAST, inlineLimit: Infinity });
    const [vector] = queries(1, 5, 600);
    const hits = await second.nearestArticles({ vector: vector!, since: 0, limit: 10 });
    expect(second.indexes.article.origin).toBe("rebuilt");
    expect(recall(exactNearest(db, "article", vector!, 0, 10), ids(hits))).toBeGreaterThanOrEqual(0.9);
  });

  it("catches up with vectors another connection wrote, logged or not, before answering", async () => {
    const dir = fileDir();
    const server = fileDb(dir);
    const importer = fileDb(dir);
    const source = addSource(server);
    addArticles(server, source, corpus(700, 6));
    const repo = sqliteVectorRepo(server, { ...FAST, inlineLimit: 1_000 });
    const [vector] = queries(1, 6, 700);
    await repo.nearestArticles({ vector: vector!, since: 0, limit: 5 });
    expect(repo.indexes.article.size).toBe(700);

    // The other connection adds near copies of the query: one through the logged writer, one around it.
    const near = (k: number) => Float32Array.from(vector!, (x, i) => x + (i === k ? 0.01 : 0));
    const [logged] = addArticles(importer, source, [{ discoveredAt: NOW, vector: near(0) }]);
    const [unlogged] = addArticles(importer, source, [{ discoveredAt: NOW, vector: null }]);
    importer
      .prepare("INSERT INTO article_vectors (rowid, embedding) VALUES (?, ?)")
      .run(BigInt(unlogged!), Buffer.from(near(1).buffer));

    const hits = await repo.nearestArticles({ vector: vector!, since: 0, limit: 5 });
    expect(ids(hits).slice(0, 2).sort()).toEqual([logged, unlogged].sort());
    expect(repo.indexes.article.size).toBe(702);
    expect(repo.indexes.article.origin).toBe("rebuilt"); // the first build; no second one
  });

  it("reloads the saved files when the log it lags behind was pruned by another process's save", async () => {
    const dir = fileDir();
    const [one, two] = [fileDb(dir), fileDb(dir)];
    const source = addSource(one);
    addArticles(one, source, corpus(600, 11));
    const options = { ...FAST, inlineLimit: Infinity, logKeep: 0 };
    const [saver, lagging] = [sqliteVectorRepo(one, options), sqliteVectorRepo(two, options)];
    const [vector] = queries(1, 11, 600);
    await lagging.nearestArticles({ vector: vector!, since: 0, limit: 5 });

    const [added] = addArticles(one, source, [{ discoveredAt: NOW, vector: vector! }]);
    await saver.nearestArticles({ vector: vector!, since: 0, limit: 5 });
    saver.indexes.article.save();
    expect(one.prepare("SELECT count(*) FROM vector_changes").pluck().get()).toBe(0);

    const hits = await lagging.nearestArticles({ vector: vector!, since: 0, limit: 5 });
    expect(hits[0]!.article.id).toBe(added);
    expect(lagging.indexes.article.origin).toBe("loaded");
  });

  it("reflects a story's centroid update and never returns merged-away stories", async () => {
    const db = memoryDb();
    const gen = syntheticVectors({ seed: 7, topics: 20, stories: 100 });
    const stored = addStories(
      db,
      Array.from({ length: 700 }, (_, i) => ({ lastUpdated: NOW - i * 60_000, vector: gen.next().vector })),
    );
    const repo = sqliteVectorRepo(db, FAST);
    const [target] = queries(1, 7);
    const moved = stored[100]!;
    const top = async () =>
      (await repo.nearestStories({ vector: target!, since: 0, limit: 5 })).map((h) => h.story.id);

    expect(await top()).not.toContain(moved);
    setVector(db, "story", moved, target!);
    expect((await top())[0]).toBe(moved);
    expect(repo.indexes.story.origin).toBe("rebuilt");

    setVector(db, "story", moved, gen.next().vector);
    expect(await top()).not.toContain(moved);
    const exact = exactNearest(db, "story", target!, 0, 5);
    expect(recall(exact, await top())).toBeGreaterThanOrEqual(0.8);

    db.prepare("UPDATE stories SET merged_into = ? WHERE id = ?").run(stored[0]!, exact[0]!.id);
    expect(await top()).not.toContain(exact[0]!.id);
  });

  it("follows the enrichment stage's centroid refresh of a story", async () => {
    const db = memoryDb();
    const gen = syntheticVectors({ seed: 12, topics: 20, stories: 100 });
    const stored = addStories(
      db,
      Array.from({ length: 600 }, () => ({ lastUpdated: NOW, vector: gen.next().vector })),
    );
    const repo = sqliteVectorRepo(db, FAST);
    const [target] = queries(1, 12);
    const top = async () =>
      (await repo.nearestStories({ vector: target!, since: 0, limit: 3 })).map((h) => h.story.id);
    const before = await top();
    const story = stored.find((id) => !before.includes(id))!;

    // Two members close to the target: their mean becomes the story's centroid.
    const members = addArticles(db, addSource(db), [
      { discoveredAt: NOW, vector: Float32Array.from(target!, (x, i) => x + (i === 0 ? 0.02 : 0)) },
      { discoveredAt: NOW, vector: Float32Array.from(target!, (x, i) => x + (i === 1 ? 0.02 : 0)) },
    ]);
    for (const id of members) db.prepare("UPDATE articles SET story_id = ? WHERE id = ?").run(story, id);
    await sqliteEnrichmentRepo(db).refreshStories([story]);
    expect((await top())[0]).toBe(story);
    expect(repo.indexes.story.origin).toBe("rebuilt");
  });

  it("never returns a deleted vector, whether the delete was logged or not", async () => {
    const db = memoryDb();
    addArticles(db, addSource(db), corpus(900, 8));
    const repo = sqliteVectorRepo(db, FAST);
    const [vector] = queries(1, 8, 900);
    const [first, second] = ids(await repo.nearestArticles({ vector: vector!, since: 0, limit: 10 }));

    setVector(db, "article", first!, null);
    const afterLogged = ids(await repo.nearestArticles({ vector: vector!, since: 0, limit: 10 }));
    expect(afterLogged).not.toContain(first);
    expect(repo.indexes.article.size).toBe(899);

    db.prepare("DELETE FROM article_vectors WHERE rowid = ?").run(BigInt(second!));
    const afterUnlogged = ids(await repo.nearestArticles({ vector: vector!, since: 0, limit: 10 }));
    expect(afterUnlogged).not.toContain(second);
    expect(afterUnlogged).toHaveLength(10);
  });

  it("answers exactly while a big rebuild runs in the background, then from the graph", async () => {
    const dir = fileDir();
    const db = fileDb(dir);
    addArticles(db, addSource(db), corpus(900, 9));
    const logged: string[] = [];
    const repo = sqliteVectorRepo(db, { ...FAST, inlineLimit: 100, sliceMs: 1, log: (m) => logged.push(m) });
    const [vector] = queries(1, 9, 900);
    const during = await repo.nearestArticles({ vector: vector!, since: 0, limit: 10 });
    expect(repo.indexes.article.origin).toBe("none");
    expect(during.map((h) => ({ id: h.article.id, distance: h.distance }))).toEqual(
      exactNearest(db, "article", vector!, 0, 10),
    );
    await repo.indexes.article.whenReady();
    expect(logged).toContain("vector index: rebuilding from SQLite");
    expect(repo.indexes.article.size).toBe(900);
    const after = await repo.nearestArticles({ vector: vector!, since: 0, limit: 10 });
    expect(recall(exactNearest(db, "article", vector!, 0, 10), ids(after))).toBeGreaterThanOrEqual(0.9);
  });

  it("moves rows out of the recent tier as time passes, and windows stay exact", async () => {
    const db = memoryDb();
    let now = NOW;
    const rows = corpus(1_200, 10, (4 * 24 * HOUR) / 1_200);
    const stored = addArticles(db, addSource(db), rows);
    const at = new Map(stored.map((id, i) => [id, rows[i]!.discoveredAt]));
    const repo = sqliteVectorRepo(db, { ...FAST, recentMs: 2 * 24 * HOUR, now: () => now });
    const [vector] = queries(1, 10, 1_200);
    // 600 rows in the last 48 h: enough for the graph, all of them in the 2-day recent tier.
    await repo.nearestArticles({ vector: vector!, since: now - 48 * HOUR, limit: 10 });
    const recentGraph = () => repo.indexes.article.window(now - HOUR).set;
    expect(recentGraph().size).toBe(600);

    now += 2 * 24 * HOUR;
    const since = NOW - 60 * HOUR;
    const hits = await repo.nearestArticles({ vector: vector!, since, limit: 10 });
    for (const id of ids(hits)) expect(at.get(id)).toBeGreaterThanOrEqual(since);
    expect(recall(exactNearest(db, "article", vector!, since, 10), ids(hits))).toBeGreaterThanOrEqual(0.9);
    expect(recentGraph().size).toBe(0);
    expect(recentGraph()).not.toBe(repo.indexes.article.window(0).set);
  });
});
