import path from "node:path";

import type { Logger } from "pino";

import type { Store } from "../db/store";
import { createEmbedder, type Embedder } from "../embeddings";
import type { Env } from "../env";
import { sharedWordVectors, type WordVectors } from "../nlp/word-vectors";
import { StoryClustering } from "./story-clustering";

let vectors: WordVectors | null | undefined;

/** Where derived model files (the compact word-vector cache) live: LEDE_MODEL_DIR, else <data dir>/models. */
export function modelDir(e: Env): string {
  return path.resolve(e.LEDE_MODEL_DIR ?? path.join(e.LEDE_DATA_DIR, "models"));
}

/**
 * The embedder the environment configures: the remote provider when EMBEDDINGS_URL is set; else the local one,
 * which needs the word vectors (none when they are turned off or unavailable: articles then get no vector).
 */
function openEmbedder(env: Env, log?: Logger): Embedder | null {
  if (!env.EMBEDDINGS_URL && !vectors) return null;
  try {
    return createEmbedder(env, vectors ? { wordVectors: vectors } : {});
  } catch (err) {
    log?.warn({ err }, "embedder unavailable; articles are stored without vectors");
    return null;
  }
}

/**
 * Opens the story stages as the environment configures them: enrichment (embeddings, entities) and clustering,
 * with word vectors unless turned off.
 */
export async function openStoryClustering(store: Store, env: Env, log?: Logger): Promise<StoryClustering> {
  if (vectors === undefined) {
    vectors = null;
    if (env.LEDE_WORD_VECTORS) {
      const started = Date.now();
      try {
        vectors = sharedWordVectors(modelDir(env));
        log?.info({ words: vectors.size, ms: Date.now() - started }, "word vectors loaded");
      } catch (err) {
        log?.warn({ err }, "word vectors unavailable; clustering on TF-IDF alone");
      }
    }
  }
  return StoryClustering.open({ store, vectors, log, enrichment: { embedder: openEmbedder(env, log), log } });
}
