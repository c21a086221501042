import path from "node:path";

import type { Logger } from "pino";

import type { Store } from "../db/store";
import type { Env } from "../env";
import { loadWordVectors, type WordVectors } from "../nlp/word-vectors";
import { StoryClustering } from "./story-clustering";

let vectors: WordVectors | null | undefined;

/** Where derived model files (the compact word-vector cache) live: LEDE_MODEL_DIR, else <data dir>/models. */
export function modelDir(e: Env): string {
  return path.resolve(e.LEDE_MODEL_DIR ?? path.join(e.LEDE_DATA_DIR, "models"));
}

/** Opens the clustering stage as the environment configures it (with word vectors unless turned off). */
export async function openStoryClustering(store: Store, env: Env, log?: Logger): Promise<StoryClustering> {
  if (vectors === undefined) {
    vectors = null;
    if (env.LEDE_WORD_VECTORS) {
      const started = Date.now();
      try {
        vectors = loadWordVectors(modelDir(env));
        log?.info({ words: vectors.size, ms: Date.now() - started }, "word vectors loaded");
      } catch (err) {
        log?.warn({ err }, "word vectors unavailable; clustering on TF-IDF alone");
      }
    }
  }
  return StoryClustering.open({ store, vectors, log });
}
