import path from "node:path";

import type { Env } from "../env";
import { sharedWordVectors, type WordVectors } from "../nlp/word-vectors";
import type { Embedder } from "./embedder";
import { LocalEmbedder } from "./local-embedder";
import { OpenAiEmbedder } from "./openai-embedder";

type EmbedderEnv = Pick<
  Env,
  | "LEDE_DATA_DIR"
  | "LEDE_MODEL_DIR"
  | "EMBEDDINGS_URL"
  | "EMBEDDINGS_API_KEY"
  | "EMBEDDINGS_MODEL"
  | "EMBEDDINGS_BATCH_SIZE"
  | "EMBEDDINGS_MAX_RPM"
  | "EMBEDDINGS_TIMEOUT_MS"
  | "EMBEDDINGS_MAX_RETRIES"
>;

/**
 * The embedder the environment configures: the OpenAI-compatible provider when EMBEDDINGS_URL is set, else the
 * local one. The local embedder reads the word-vector cache in LEDE_MODEL_DIR (else <data dir>/models, the
 * clustering stage's cache); pass `wordVectors` to reuse vectors already loaded.
 */
export function createEmbedder(env: EmbedderEnv, deps: { wordVectors?: WordVectors } = {}): Embedder {
  if (env.EMBEDDINGS_URL) {
    return new OpenAiEmbedder({
      url: env.EMBEDDINGS_URL,
      model: env.EMBEDDINGS_MODEL,
      batchSize: env.EMBEDDINGS_BATCH_SIZE,
      requestsPerMinute: env.EMBEDDINGS_MAX_RPM,
      timeoutMs: env.EMBEDDINGS_TIMEOUT_MS,
      maxRetries: env.EMBEDDINGS_MAX_RETRIES,
      ...(env.EMBEDDINGS_API_KEY ? { apiKey: env.EMBEDDINGS_API_KEY } : {}),
    });
  }
  const dir = path.resolve(env.LEDE_MODEL_DIR ?? path.join(env.LEDE_DATA_DIR, "models"));
  return new LocalEmbedder(deps.wordVectors ?? sharedWordVectors(dir));
}
