import type { Logger } from "pino";
import { z } from "zod";

import { logger } from "../logger";
import { EMBEDDING_DIMENSIONS, normalizeInPlace, type Embedder } from "./embedder";
import { backoffMs, delay, parseRetryAfter, RequestPacer } from "./retry";

export interface OpenAiEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:1234/v1. */
  url: string;
  apiKey?: string;
  model: string;
  /** Texts per request. */
  batchSize?: number;
  /** Client-side limit on request starts per minute (0 = none). */
  requestsPerMinute?: number;
  /** Per-request deadline. */
  timeoutMs?: number;
  /** Retries of one request after a 429, a 5xx, a network error or a timeout. */
  maxRetries?: number;
  /** First retry delay; it doubles with each retry up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the request fails instead. */
  maxRetryAfterMs?: number;
  /** Characters of each text sent (the model's input limit is about 8k tokens). */
  maxChars?: number;
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: Pick<Logger, "warn">;
}

/** The provider answered, but not with what was asked, or kept failing. */
export class EmbeddingProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EmbeddingProviderError";
  }
}

const EmbeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

/** Retryable failures carry how long the server asked us to wait, if it did. */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Embeddings from an OpenAI-compatible `POST {url}/embeddings` endpoint, asking for 1536 dimensions. Batches
 * inputs, paces requests, retries transient failures with backoff (honouring `Retry-After`) and checks every
 * response before use. Vectors are re-normalised, since not every compatible server returns unit vectors.
 */
export class OpenAiEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions = EMBEDDING_DIMENSIONS;
  private readonly endpoint: string;
  private readonly o: Required<Omit<OpenAiEmbedderOptions, "apiKey">> & { apiKey?: string };
  private readonly pacer: RequestPacer;

  constructor(options: OpenAiEmbedderOptions) {
    this.o = {
      batchSize: 96,
      requestsPerMinute: 500,
      timeoutMs: 30_000,
      maxRetries: 5,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      maxRetryAfterMs: 120_000,
      maxChars: 8_000,
      random: Math.random,
      now: Date.now,
      sleep: delay,
      log: logger,
      ...options,
    };
    if (!Number.isInteger(this.o.batchSize) || this.o.batchSize < 1) {
      throw new Error(`embedding batch size must be a positive integer, got ${this.o.batchSize}`);
    }
    this.model = options.model;
    this.endpoint = `${options.url.replace(/\/+$/, "")}/embeddings`;
    this.pacer = new RequestPacer(this.o.requestsPerMinute, this.o.now, this.o.sleep);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.o.batchSize) {
      out.push(...(await this.embedBatch(texts.slice(i, i + this.o.batchSize))));
    }
    return out;
  }

  private async embedBatch(texts: string[]): Promise<Float32Array[]> {
    // Compatible servers reject empty strings; a single space embeds as "nothing said".
    const input = texts.map((t) => t.slice(0, this.o.maxChars).trim() || " ");
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.request(input);
      } catch (err) {
        if (!(err instanceof RetryableError)) throw err;
        if (attempt >= this.o.maxRetries) {
          throw new EmbeddingProviderError(
            `embeddings request failed after ${attempt + 1} attempts: ${err.message}`,
          );
        }
        if (err.retryAfterMs !== undefined && err.retryAfterMs > this.o.maxRetryAfterMs) {
          throw new EmbeddingProviderError(
            `embeddings provider asked to retry after ${Math.round(err.retryAfterMs / 1000)} s: ${err.message}`,
          );
        }
        const wait =
          err.retryAfterMs ?? backoffMs(attempt + 1, this.o.baseDelayMs, this.o.maxDelayMs, this.o.random);
        this.o.log.warn(
          { endpoint: this.endpoint, attempt: attempt + 1, waitMs: wait, reason: err.message },
          "embeddings retry",
        );
        await this.o.sleep(wait);
      }
    }
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    await this.pacer.wait();
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.model, input, dimensions: this.dimensions }),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (err) {
      throw new RetryableError(describeFetchError(err, this.o.timeoutMs));
    }
    let body: string;
    try {
      body = await res.text();
    } catch (err) {
      throw new RetryableError(describeFetchError(err, this.o.timeoutMs));
    }
    if (res.status === 429 || res.status >= 500) {
      throw new RetryableError(
        `HTTP ${res.status} ${excerpt(body)}`,
        parseRetryAfter(res.headers.get("retry-after")),
      );
    }
    if (!res.ok)
      throw new EmbeddingProviderError(
        `embeddings request rejected: HTTP ${res.status} ${excerpt(body)}`,
        res.status,
      );
    return this.parse(body, input.length);
  }

  private parse(body: string, expected: number): Float32Array[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new EmbeddingProviderError(`embeddings response is not JSON: ${excerpt(body)}`);
    }
    const parsed = EmbeddingsResponse.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EmbeddingProviderError(
        `embeddings response is malformed at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`,
      );
    }
    const { data } = parsed.data;
    if (data.length !== expected) {
      throw new EmbeddingProviderError(
        `embeddings response holds ${data.length} vectors for ${expected} inputs`,
      );
    }
    const out: Array<Float32Array | undefined> = new Array(expected);
    for (const item of data) {
      if (item.index >= expected || out[item.index]) {
        throw new EmbeddingProviderError(
          `embeddings response has an unexpected or repeated index ${item.index}`,
        );
      }
      if (item.embedding.length !== this.dimensions) {
        throw new EmbeddingProviderError(
          `model ${this.model} returned ${item.embedding.length} dimensions, expected ${this.dimensions}; use a model that supports 1536`,
        );
      }
      const v = Float32Array.from(item.embedding);
      if (v.some((x) => !Number.isFinite(x))) {
        throw new EmbeddingProviderError(
          `embeddings response holds a non-finite value at index ${item.index}`,
        );
      }
      if (v.every((x) => x === 0)) {
        throw new EmbeddingProviderError(`embeddings response holds a zero vector at index ${item.index}`);
      }
      out[item.index] = normalizeInPlace(v);
    }
    return out as Float32Array[];
  }
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return `no response within ${timeoutMs} ms (timed out)`;
  }
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return `network error${err instanceof Error ? `: ${err.message}` : ""}${cause}`;
}

function excerpt(body: string): string {
  const text = body.replace(/\s+/g, " ").trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
