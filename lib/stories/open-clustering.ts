import type { Logger } from "pino";

import type { Store } from "../db/store";
import { modelDir, type Env } from "../env";
import { loadWordVectors, type WordVectors } from "../nlp/word-vectors";
import { StoryClustering } from "./story-clustering";

let vectors: WordVectors | null | undefined;

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
