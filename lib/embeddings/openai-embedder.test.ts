import http from "node:http";
import type { AddressInfo } from "node:net";

import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { EMBEDDING_DIMENSIONS } from "./embedder";
import { EmbeddingProviderError, OpenAiEmbedder, type OpenAiEmbedderOptions } from "./openai-embedder";

interface Seen {
  path: string;
  authorization: string | undefined;
  body: { model: string; input: string[]; dimensions: number };
}
type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | "hang";

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A fake embeddings API on 127.0.0.1; `reply` decides each answer from the request and its 0-based number. */
async function fakeApi(reply: (seen: Seen, n: number) => Reply): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const s: Seen = {
        path: req.url ?? "",
        authorization: req.headers.authorization,
        body: JSON.parse(raw),
      };
      seen.push(s);
      const r = reply(s, seen.length - 1);
      if (r === "hang") return;
      res.writeHead(r.status, { "content-type": "application/json", ...r.headers });
      res.end(typeof r.body === "string" ? r.body : JSON.stringify(r.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, seen };
}

/** A vector that encodes its input's number ("text-7" → 7 in dimension 0), not unit length. */
function vectorFor(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dims).fill(0);
  v[0] = Number(text.split("-")[1]);
  v[1] = 2;
  return v;
}

/** An OpenAI-shaped answer, listed in reverse order to check that results follow the `index` field. */
function ok(seen: Seen, dims = EMBEDDING_DIMENSIONS): Reply {
  const data = seen.body.input.map((t, index) => ({
    object: "embedding",
    index,
    embedding: vectorFor(t, dims),
  }));
  return { status: 200, body: { object: "list", model: seen.body.model, data: data.reverse() } };
}

function embedder(url: string, sleeps: number[], extra: Partial<OpenAiEmbedderOptions> = {}) {
  return new OpenAiEmbedder({
    url,
    model: "text-embedding-3-small",
    requestsPerMinute: 0,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    log: pino({ level: "silent" }),
    ...extra,
  });
}

const texts = (n: number) => Array.from({ length: n }, (_, i) => `text-${i}`);

describe("OpenAI-compatible embedder", () => {
  it("posts batches with the model, 1536 dimensions and the key, and returns unit vectors in input order", async () => {
    const api = await fakeApi((s) => ok(s));
    const e = embedder(api.url, [], { batchSize: 2, apiKey: "sk-test" });
    const out = await e.embed(texts(5));
    expect(api.seen.map((s) => s.body.input)).toEqual([
      ["text-0", "text-1"],
      ["text-2", "text-3"],
      ["text-4"],
    ]);
    for (const s of api.seen) {
      expect(s.path).toBe("/v1/embeddings");
      expect(s.authorization).toBe("Bearer sk-test");
      expect(s.body.model).toBe("text-embedding-3-small");
      expect(s.body.dimensions).toBe(1536);
    }
    expect(out).toHaveLength(5);
    out.forEach((v, i) => {
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(v[0]! / v[1]!).toBeCloseTo(i / 2, 5);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    });
    expect(await e.embed([])).toEqual([]);
    expect(api.seen).toHaveLength(3);
  });

  it("waits as long as a 429's Retry-After asks, then retries", async () => {
    const api = await fakeApi((s, n) =>
      n === 0 ? { status: 429, headers: { "retry-after": "3" }, body: { error: "slow down" } } : ok(s),
    );
    const sleeps: number[] = [];
    const out = await embedder(api.url, sleeps).embed(texts(2));
    expect(out).toHaveLength(2);
    expect(api.seen).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it("retries a 500 after an exponential, jittered backoff", async () => {
    const api = await fakeApi((s, n) => (n < 2 ? { status: 500, body: "oops" } : ok(s)));
    const sleeps: number[] = [];
    const out = await embedder(api.url, sleeps, { baseDelayMs: 400 }).embed(texts(1));
    expect(out[0]![1]).toBeCloseTo(1, 5);
    expect(sleeps).toEqual([300, 600]); // ceiling 400 then 800, jitter 0.5 → three quarters of each
  });

  it("gives up after maxRetries with the last failure in the message", async () => {
    const api = await fakeApi(() => ({ status: 503, body: { error: "overloaded" } }));
    const e = embedder(api.url, [], { maxRetries: 2 });
    await expect(e.embed(texts(1))).rejects.toThrow(/failed after 3 attempts: HTTP 503 .*overloaded/);
    expect(api.seen).toHaveLength(3);
  });

  it("does not wait for a Retry-After beyond its limit", async () => {
    const api = await fakeApi(() => ({ status: 429, headers: { "retry-after": "3600" } }));
    const e = embedder(api.url, [], { maxRetryAfterMs: 60_000 });
    await expect(e.embed(texts(1))).rejects.toThrow(/asked to retry after 3600 s/);
    expect(api.seen).toHaveLength(1);
  });

  it("fails at once, with the status, on a 4xx other than 429", async () => {
    const api = await fakeApi(() => ({ status: 401, body: { error: { message: "Incorrect API key" } } }));
    const err = await embedder(api.url, [])
      .embed(texts(1))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingProviderError);
    expect((err as EmbeddingProviderError).status).toBe(401);
    expect((err as Error).message).toMatch(/HTTP 401 .*Incorrect API key/);
    expect(api.seen).toHaveLength(1);
  });

  it("rejects vectors of the wrong dimension with a clear error and no retry", async () => {
    const api = await fakeApi((s) => ok(s, 768));
    await expect(embedder(api.url, []).embed(texts(2))).rejects.toThrow(
      /returned 768 dimensions, expected 1536/,
    );
    expect(api.seen).toHaveLength(1);
  });

  it.each<[string, (s: Seen) => Reply, number, RegExp]>([
    [
      "too few vectors",
      (s) => ({ status: 200, body: { data: [{ index: 0, embedding: vectorFor(s.body.input[0]!) }] } }),
      2,
      /1 vectors for 2 inputs/,
    ],
    [
      "a repeated index",
      (s) => ({
        status: 200,
        body: { data: s.body.input.map(() => ({ index: 0, embedding: vectorFor("t-1") })) },
      }),
      2,
      /repeated index 0/,
    ],
    [
      "a value that is not a number",
      () => ({ status: 200, body: { data: [{ index: 0, embedding: ["x", ...vectorFor("t-1").slice(1)] }] } }),
      1,
      /malformed at data\.0\.embedding\.0/,
    ],
    [
      "a zero vector",
      () => ({ status: 200, body: { data: [{ index: 0, embedding: vectorFor("t-0").fill(0) }] } }),
      1,
      /zero vector at index 0/,
    ],
    ["a body that is not JSON", () => ({ status: 200, body: "<html>proxy error</html>" }), 1, /not JSON/],
  ])("rejects an answer with %s", async (_case, reply, n, message) => {
    const api = await fakeApi(reply);
    await expect(embedder(api.url, []).embed(texts(n))).rejects.toThrow(message);
    expect(api.seen).toHaveLength(1);
  });

  it("paces request starts to the per-minute limit", async () => {
    const api = await fakeApi((s) => ok(s));
    const sleeps: number[] = [];
    await embedder(api.url, sleeps, { batchSize: 1, requestsPerMinute: 600, now: () => 1_000 }).embed(
      texts(3),
    );
    expect(api.seen).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]); // a frozen clock: the second start waits 100 ms, the third 200 ms
  });

  it("times out a request that gets no answer, retries it, then fails naming the timeout", async () => {
    const api = await fakeApi(() => "hang");
    const e = embedder(api.url, [], { timeoutMs: 150, maxRetries: 1 });
    await expect(e.embed(texts(1))).rejects.toThrow(
      /failed after 2 attempts: no response within 150 ms \(timed out\)/,
    );
    expect(api.seen).toHaveLength(2);
  });

  it("retries when the connection is refused", async () => {
    const api = await fakeApi((s) => ok(s));
    const url = api.url;
    server?.close();
    server = undefined;
    const sleeps: number[] = [];
    await expect(embedder(url, sleeps, { maxRetries: 1 }).embed(texts(1))).rejects.toThrow(/network error/);
    expect(sleeps).toHaveLength(1);
  });
});
