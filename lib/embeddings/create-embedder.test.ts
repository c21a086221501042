import { describe, expect, it } from "vitest";

import { loadEnv as loadProcessEnv } from "../env";
import type { WordVectors } from "../nlp/word-vectors";
import { createEmbedder } from "./create-embedder";
import { LOCAL_EMBEDDING_MODEL, LocalEmbedder } from "./local-embedder";
import { OpenAiEmbedder } from "./openai-embedder";

const loadEnv = (vars: Record<string, string>) => loadProcessEnv({ NODE_ENV: "test", ...vars });

/** A three-word vocabulary, enough to build a local embedder without the npm vectors. */
function tinyVectors(): WordVectors {
  const words = ["storm", "rain", "budget"];
  const table = new Map(
    words.map((w, i) => [w, Float32Array.from([i === 0 ? 1 : 0, i === 1 ? 1 : 0, i === 2 ? 1 : 0])]),
  );
  return {
    dimensions: 3,
    size: words.length,
    words,
    get: (w) => table.get(w),
    rank: (w) => (table.has(w) ? words.indexOf(w) : undefined),
  };
}

describe("createEmbedder", () => {
  it("is local unless EMBEDDINGS_URL is set (an empty value counts as unset)", () => {
    for (const source of [{}, { EMBEDDINGS_URL: "" }] as Array<Record<string, string>>) {
      const e = createEmbedder(loadEnv(source), { wordVectors: tinyVectors() });
      expect(e).toBeInstanceOf(LocalEmbedder);
      expect(e.model).toBe(LOCAL_EMBEDDING_MODEL);
      expect(e.dimensions).toBe(1536);
    }
  });

  it("uses the OpenAI-compatible provider with the configured model when EMBEDDINGS_URL is set", () => {
    const env = loadEnv({ EMBEDDINGS_URL: "http://127.0.0.1:1234/v1" });
    expect(env.EMBEDDINGS_MODEL).toBe("text-embedding-3-small");
    expect(env.EMBEDDINGS_BATCH_SIZE).toBe(96);
    const e = createEmbedder(env);
    expect(e).toBeInstanceOf(OpenAiEmbedder);
    expect(e.model).toBe("text-embedding-3-small");
    const custom = createEmbedder(
      loadEnv({ EMBEDDINGS_URL: "https://api.example.org/v1", EMBEDDINGS_MODEL: "m-1536" }),
    );
    expect(custom.model).toBe("m-1536");
  });

  it("refuses a malformed URL or batch size at startup", () => {
    expect(() => loadEnv({ EMBEDDINGS_URL: "localhost:1234/v1" })).toThrow(/EMBEDDINGS_URL/);
    expect(() => loadEnv({ EMBEDDINGS_URL: "not a url" })).toThrow(/EMBEDDINGS_URL/);
    expect(() => loadEnv({ EMBEDDINGS_BATCH_SIZE: "0" })).toThrow(/EMBEDDINGS_BATCH_SIZE/);
  });
});
