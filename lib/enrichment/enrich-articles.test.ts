import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import { articleEmbeddingText, embeddingFromBlob, LocalEmbedder } from "../embeddings";
import { runPipeline } from "../ingestion/pipeline";
import { sharedWordVectors } from "../nlp/word-vectors";
import { StoryClustering } from "../stories/story-clustering";
import { tempDir, tempStore, testSource } from "../testing/temp-store";
import { enrichArticles } from "./enrich-articles";

const T0 = Date.UTC(2025, 4, 2, 9);
let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const ARTICLES = [
  {
    title: "Joe Biden meets NATO chief Mark Rutte in Brussels",
    summary:
      "President Joe Biden met NATO Secretary General Mark Rutte in Brussels on Friday to discuss Ukraine.",
  },
  {
    title: "Biden pledges more air defence for Ukraine",
    summary: "Biden said the United States would send more air defence systems to Ukraine.",
  },
];

async function ingest(embedder: LocalEmbedder | null) {
  const source = await testSource(store);
  const clustering = await StoryClustering.open({
    store,
    vectors: null,
    params: TEXT_ONLY_PARAMS,
    enrichment: { embedder },
  });
  for (const [i, a] of ARTICLES.entries())
    await runPipeline({ store, clustering }, [
      {
        raw: { url: `https://wire.test/${i}`, title: a.title, summary: a.summary },
        source,
        discoveredAt: T0 + i * 60_000,
      },
    ]);
}

describe("enrichment stage", () => {
  it("appends one item.enriched per article, after its item.new, with the ids of the entities it names", async () => {
    await ingest(null);
    const events = store.db
      .prepare("SELECT id, type, article_id, payload FROM events WHERE type LIKE 'item.%' ORDER BY id")
      .all() as Array<{ id: number; type: string; article_id: number; payload: string }>;
    expect(events.map((e) => e.type)).toEqual(["item.new", "item.enriched", "item.new", "item.enriched"]);
    for (const e of events.filter((x) => x.type === "item.enriched")) {
      const payload = JSON.parse(e.payload) as {
        id: number;
        entity_ids: number[];
        data: { url_hash: string };
      };
      expect(payload.id).toBe(e.id);
      const stored = store.db
        .prepare("SELECT entity_id FROM article_entities WHERE article_id = ? ORDER BY entity_id")
        .pluck()
        .all(e.article_id);
      expect([...payload.entity_ids].sort((a, b) => a - b)).toEqual(stored);
      expect(payload.entity_ids.length).toBeGreaterThan(0);
    }
    const named = (name: string) =>
      store.db.prepare("SELECT id, type, article_count FROM entities WHERE name = ?").get(name) as
        | { id: number; type: string; article_count: number }
        | undefined;
    // "Biden" alone in the second article resolves to the person of the first.
    expect(named("Joe Biden")).toMatchObject({ type: "person", article_count: 2 });
    expect(named("Biden")).toBeUndefined();
    expect(named("Mark Rutte")).toMatchObject({ type: "person", article_count: 1 });
    expect(named("Brussels")).toMatchObject({ type: "location" });
    const summary = store.db
      .prepare("SELECT headline_summary FROM articles ORDER BY id LIMIT 1")
      .pluck()
      .get();
    expect(summary).toBe(ARTICLES[0]!.summary);
    const tags = store.db
      .prepare("SELECT tag FROM article_tags WHERE article_id = 1 ORDER BY score DESC")
      .pluck()
      .all();
    expect(tags).toContain("joe biden");
  });

  it("stores each article's vector with its model, and the story's centroid and entities", async () => {
    const embedder = new LocalEmbedder(sharedWordVectors(tempDir("lede-models-")));
    await ingest(embedder);
    const rows = store.db
      .prepare(
        "SELECT a.id, a.embedding_model, a.story_id, v.embedding FROM articles a JOIN article_vectors v ON v.rowid = a.id ORDER BY a.id",
      )
      .all() as Array<{ id: number; embedding_model: string; story_id: number; embedding: Buffer }>;
    expect(rows).toHaveLength(2);
    const [first] = await embedder.embed([articleEmbeddingText(ARTICLES[0]!.title, ARTICLES[0]!.summary)]);
    expect(rows[0]!.embedding_model).toBe(embedder.model);
    const stored = embeddingFromBlob(rows[0]!.embedding);
    expect(stored.length).toBe(1536);
    const storyIds = new Set(rows.map((r) => r.story_id));
    for (const id of storyIds) {
      const centroid = store.db
        .prepare("SELECT embedding FROM story_vectors WHERE rowid = ?")
        .pluck()
        .get(id);
      expect(centroid).toBeInstanceOf(Buffer);
      const entities = store.db
        .prepare("SELECT COUNT(*) FROM story_entities WHERE story_id = ?")
        .pluck()
        .get(id);
      expect(entities).toBeGreaterThan(0);
    }
    expect([...stored]).toEqual([...first!]);
  });

  it("enriches, then places, articles a crash left after item.new when the pipeline next opens", async () => {
    const source = await testSource(store);
    // Stored and announced, then the process died before the enrichment transaction committed.
    await runPipeline(
      { store },
      ARTICLES.map((a, i) => ({
        raw: { url: `https://wire.test/${i}`, title: a.title, summary: a.summary },
        source,
        discoveredAt: T0 + i * 60_000,
      })),
    );
    const state = () =>
      store.db
        .prepare("SELECT id, enriched_at, story_id, headline_summary FROM articles ORDER BY id")
        .all() as Array<{
        id: number;
        enriched_at: number | null;
        story_id: number | null;
        headline_summary: string | null;
      }>;
    expect(state().map((r) => [r.enriched_at, r.story_id])).toEqual([
      [null, null],
      [null, null],
    ]);
    const types = () =>
      store.db
        .prepare("SELECT type, article_id FROM events WHERE type LIKE 'item.%' ORDER BY id")
        .all() as Array<{ type: string; article_id: number }>;
    expect(types().map((e) => e.type)).toEqual(["item.new", "item.new"]);

    await StoryClustering.open({
      store,
      vectors: null,
      params: TEXT_ONLY_PARAMS,
      enrichment: { embedder: null },
    });
    const after = state();
    for (const r of after) {
      expect(r.enriched_at).toBeGreaterThan(0);
      expect(r.story_id).toBeGreaterThan(0);
    }
    expect(after[0]!.headline_summary).toBe(ARTICLES[0]!.summary);
    expect(types()).toEqual([
      { type: "item.new", article_id: after[0]!.id },
      { type: "item.new", article_id: after[1]!.id },
      { type: "item.enriched", article_id: after[0]!.id },
      { type: "item.enriched", article_id: after[1]!.id },
    ]);
    const mentions = store.db.prepare("SELECT COUNT(*) FROM article_entities").pluck().get() as number;
    expect(mentions).toBeGreaterThan(0);

    // Nothing is due any more: a further restart enriches nothing twice.
    await StoryClustering.open({
      store,
      vectors: null,
      params: TEXT_ONLY_PARAMS,
      enrichment: { embedder: null },
    });
    expect(types()).toHaveLength(4);
    expect(await store.enrichment.due(10)).toEqual([]);
    // A second process that raced this one to the same articles stores nothing twice.
    const [stored] = (
      await store.articles.list({ limit: 1, offset: 0, sortBy: "discovered", sortOrder: "asc" })
    ).items;
    expect(await enrichArticles({ store, embedder: null }, [stored!])).toEqual(new Map());
    expect(types()).toHaveLength(4);
  });
});
