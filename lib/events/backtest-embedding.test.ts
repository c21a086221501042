import { afterEach, describe, expect, it } from "vitest";

import { addArticles, addSource } from "../db/sqlite/vector-index/test-fixtures";
import type { SqliteVectorRepo } from "../db/sqlite/vector-repo";
import { tempStore } from "../testing/temp-store";
import { syntheticVectors } from "../vectors/synthetic-vectors";
import { runBacktest } from "./backtest";
import { compileEmbeddingFilter, cosineToUnit } from "./embedding-filters";

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

const ARTICLES = 1_500;

/** 1,500 articles on 40 stories with their vectors, an item.new for each and a cluster.event every tenth. */
async function seeded() {
  const store = tempStore();
  cleanup = store.cleanup;
  const gen = syntheticVectors({ seed: 21, topics: 8, stories: 40 });
  const vectors = Array.from({ length: ARTICLES }, () => gen.next().vector);
  const ids = addArticles(
    store.db,
    addSource(store.db),
    vectors.map((vector) => ({ discoveredAt: Date.now(), vector })),
  );
  for (const [i, id] of ids.entries()) {
    await store.events.append({
      ts: Date.now(),
      type: "item.new",
      clusterId: 0,
      articleId: id,
      payload: (eid) => ({ type: "item.new", id: eid, ts: 0, data: { id: String(id), title: `a${id}` } }),
    });
    if (i % 10 === 0)
      await store.events.append({
        ts: Date.now(),
        type: "cluster.event",
        clusterId: i + 1,
        articleId: null,
        payload: (eid) => ({ type: "cluster.event", id: eid, ts: 0, data: { cluster_id: i + 1 } }),
      });
  }
  const query = syntheticVectors({ seed: 21, topics: 8, stories: 40, stream: 99 }).next().vector;
  const unit = compileEmbeddingFilter({ embedding: [...query], threshold: 0 }).unit;
  const similarity = new Map(ids.map((id, i) => [id, cosineToUnit(unit, vectors[i]!)]));
  // A threshold that about 30 articles reach.
  const threshold = Math.floor(([...similarity.values()].sort((a, b) => b - a)[29] ?? 0) * 100) / 100;
  return { store, query: [...query], similarity, threshold };
}

describe("backtest with an embedding filter over the vector index", () => {
  it("keeps exactly the article events at or above the threshold (up to the index's recall) and every story event", async () => {
    const { store, query, similarity, threshold } = await seeded();
    const now = Date.now();
    const window = { from: now - 3_600_000, to: now + 60_000, cursor: 0, include_embeddings: false };
    const all = await runBacktest(store, { ...window, limit: 5000 }, now);
    const page = await runBacktest(
      store,
      { ...window, limit: 5000, embedding_filters: [{ embedding: query, threshold }] },
      now,
    );
    // The candidates came from the approximate index: it was built for this query (a scan never opens it).
    expect((store.vectors as SqliteVectorRepo).indexes.article.size).toBe(ARTICLES);
    const articleOf = new Map(all.events.map((e) => [e.id, JSON.parse(e.payloadJson).data.id as string]));
    const expected = all.events.filter(
      (e) => e.event_type !== "item.new" || similarity.get(Number(articleOf.get(e.id)))! >= threshold,
    );
    const matches = expected.filter((e) => e.event_type === "item.new").length;
    expect(matches).toBeGreaterThanOrEqual(25);
    const got = page.events.map((e) => e.id);
    // Nothing below the threshold; the story events all; the articles above it all but what the index missed.
    expect(got.every((id) => expected.some((e) => e.id === id))).toBe(true);
    expect(page.events.filter((e) => e.event_type === "cluster.event")).toHaveLength(ARTICLES / 10);
    expect(page.events.filter((e) => e.event_type === "item.new").length / matches).toBeGreaterThanOrEqual(
      0.95,
    );
    for (const e of page.events.filter((x) => x.event_type === "item.new"))
      expect(e.similarity).toBeCloseTo(similarity.get(Number(articleOf.get(e.id)))!, 5);
    // In (ts, id) order.
    expect(got).toEqual([...got].sort((a, b) => a - b));
  });

  it("pages article events of the candidates through their own index, resuming at each cursor", async () => {
    const { store, query, threshold } = await seeded();
    const now = Date.now();
    const input = {
      from: now - 3_600_000,
      to: now + 60_000,
      cursor: 0,
      include_embeddings: false,
      types: ["item.new"],
      embedding_filters: [{ embedding: query, threshold }],
    };
    const whole = await runBacktest(store, { ...input, limit: 5000 }, now);
    const paged: number[] = [];
    let cursor = 0;
    for (let pages = 0; pages < 50; pages++) {
      const page = await runBacktest(store, { ...input, limit: 7, cursor }, now);
      paged.push(...page.events.map((e) => e.id));
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    expect(whole.events.length).toBeGreaterThan(7);
    expect(paged).toEqual(whole.events.map((e) => e.id));
  });
});
