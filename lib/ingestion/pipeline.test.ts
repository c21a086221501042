import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Embedder } from "../embeddings/embedder";
import { attachVectors } from "../events/attach-vectors";
import { vec } from "../events/testing/filter-fixtures";
import { tempStore, testSource } from "../testing/temp-store";
import { runPipeline } from "./pipeline";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

/** Vectors from a fixed table by topic word, counting the texts it is asked to embed. */
function tableEmbedder() {
  const seen: string[] = [];
  const embedder: Embedder = {
    model: "table-v1",
    dimensions: 1536,
    async embed(texts) {
      seen.push(...texts);
      return texts.map((t) => (/volcano/i.test(t) ? vec({ 0: 1 }) : vec({ 1: 1 })));
    },
  };
  return { embedder, seen };
}

describe("runPipeline embeddings", () => {
  it("stores the article's vector with its item.new: a reader of the log finds it before enrichment runs", async () => {
    const source = await testSource(store);
    const { embedder } = tableEmbedder();
    const now = Date.now();
    // What a live subscriber's feed reads the moment the ingest commits (before enrichment's item.enriched).
    let firstRead: Awaited<ReturnType<typeof attachVectors>> = [];
    let reading: Promise<void> | undefined;
    await runPipeline(
      {
        store,
        enrichment: { embedder },
        onAppended: () => {
          reading ??= (async () => {
            firstRead = await attachVectors(store.events, await store.events.after(0, 100));
          })();
        },
      },
      [
        {
          raw: { url: "https://wire.test/1", title: "Volcano erupts near Reykjavik" },
          source,
          discoveredAt: now,
        },
        { raw: { url: "https://wire.test/2", title: "Central bank holds rates" }, source, discoveredAt: now },
      ],
    );
    await reading;
    expect(firstRead.map((e) => e.type)).toEqual(["item.new", "item.new"]);
    expect(firstRead.map((e) => e.vector?.model)).toEqual(["table-v1", "table-v1"]);
    expect(Array.from(firstRead[0]!.vector!.vector)).toEqual(Array.from(vec({ 0: 1 })));
    expect(Array.from(firstRead[1]!.vector!.vector)).toEqual(Array.from(vec({ 1: 1 })));
    // Enrichment keeps the stored vector and model.
    expect(store.db.prepare("SELECT embedding_model FROM articles ORDER BY id").pluck().all()).toEqual([
      "table-v1",
      "table-v1",
    ]);
  });

  it("embeds each new article once, in batches, and not an article already stored", async () => {
    const source = await testSource(store);
    const { embedder, seen } = tableEmbedder();
    const now = Date.now();
    const inputs = Array.from({ length: 250 }, (_, i) => ({
      raw: { url: `https://wire.test/${i}`, title: `Headline number ${i}` },
      source,
      discoveredAt: now,
    }));
    await runPipeline({ store, enrichment: { embedder } }, inputs.slice(0, 200));
    expect(seen).toHaveLength(200);
    await runPipeline({ store, enrichment: { embedder } }, inputs);
    expect(seen).toHaveLength(250);
    const vectors = await store.events.articleVectors(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(vectors.size).toBe(250);
  });
});
