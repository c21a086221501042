import os from "node:os";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { sharedWordVectors, type WordVectors } from "../nlp/word-vectors";
import { cosineSimilarity, EMBEDDING_DIMENSIONS } from "./embedder";
import { LOCAL_EMBEDDING_MODEL, LocalEmbedder } from "./local-embedder";

// The real npm word vectors: the first run builds their compact cache (about 7 s), later runs read it.
const cacheDir = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
let vectors: WordVectors;
let embedder: LocalEmbedder;
beforeAll(() => {
  vectors = sharedWordVectors(cacheDir);
  embedder = new LocalEmbedder(vectors);
}, 120_000);

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const sim = (a: string, b: string) => cosineSimilarity(embedder.embedOne(a), embedder.embedOne(b));

describe("local embedder", () => {
  it("names its model and gives 1536-dimension unit vectors, also for empty and stop-word-only texts", async () => {
    expect(embedder.model).toBe(LOCAL_EMBEDDING_MODEL);
    const texts = ["Senate passes budget bill", "", "   ", "the and of it", "Zxqvbn 42", "A".repeat(5000)];
    const out = await embedder.embed(texts);
    expect(out).toHaveLength(texts.length);
    for (const v of out) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(norm(v)).toBeCloseTo(1, 5);
      expect(v.every(Number.isFinite)).toBe(true);
    }
  });

  it("is deterministic: the same text gives the same bits in another instance, and batches keep input order", async () => {
    const other = new LocalEmbedder(vectors);
    const texts = ["Apple unveils larger iPhone", "Ebola outbreak spreads in West Africa", "Oil prices fall"];
    const batch = await embedder.embed(texts);
    texts.forEach((t, i) => {
      expect(Array.from(other.embedOne(t))).toEqual(Array.from(batch[i]!));
    });
    expect(Array.from(batch[0]!)).not.toEqual(Array.from(batch[1]!));
  });

  // Each paraphrase shares no content word with its headline, so only the word vectors can tell it is closer.
  it.each([
    ["Senate passes budget bill", "Lawmakers approve spending plan", "Storm hits coast"],
    ["Earthquake shakes Japan", "Powerful tremor rocks Tokyo", "Central bank raises interest rates"],
    ["Central bank raises interest rates", "Fed hikes borrowing costs", "Actress wins Oscar"],
    ["Actress wins Oscar", "Film star takes home Academy Award", "Company reports quarterly profit"],
    ["Hurricane batters Florida", "Storm slams Miami with heavy winds", "Parliament debates immigration law"],
    ["Police arrest murder suspect", "Detectives detain man over killing", "Shares rally on Wall Street"],
    ["Stocks tumble on Wall Street", "Shares plunge as markets slide", "Police arrest murder suspect"],
    ["Oil prices fall", "Crude slides", "Singer releases album"],
  ])("puts %j closer to the paraphrase %j than to %j", (anchor, paraphrase, unrelated) => {
    expect(sim(anchor, paraphrase)).toBeGreaterThan(sim(anchor, unrelated) + 0.15);
  });

  it("still rewards shared names and phrases over a merely similar topic", () => {
    const anchor = "Tesla recalls Model S cars";
    expect(sim(anchor, "Tesla Model S recall expands")).toBeGreaterThan(
      sim(anchor, "Ford recalls trucks") + 0.2,
    );
  });

  it("reads only the first maxChars characters", () => {
    const start = "Central bank raises interest rates. ".repeat(60);
    const short = new LocalEmbedder(vectors, { maxChars: 200 });
    expect(short.model).toBe(`${LOCAL_EMBEDDING_MODEL}-custom`);
    expect(Array.from(short.embedOne(`${start} Actress wins Oscar`))).toEqual(
      Array.from(short.embedOne(start)),
    );
  });
});

describe("word statistics from the vocabulary order", () => {
  it("weighs rare words above common ones", async () => {
    const { wordStatsFromVectors } = await import("./word-stats");
    const stats = wordStatsFromVectors(vectors);
    expect(stats.probability("government")).toBeGreaterThan(stats.probability("ebola"));
    expect(stats.idf("ebola")).toBeGreaterThan(stats.idf("govern"));
    expect(stats.isContentWord("government")).toBe(true);
    expect(stats.isContentWord("the")).toBe(false);
  });
});
