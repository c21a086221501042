import "server-only";

import type { Logger } from "pino";

import { logger } from "../logger";
import { EMBEDDING_DIMENSIONS, type Embedder } from "./embedder";
import { EmbeddingProviderError, excerpt, parseEmbeddingsResponse } from "./provider-response";
import { backoffMs, delay, parseRetryAfter, RequestPacer } from "./retry";

export { EmbeddingProviderError } from "./provider-response";

export interface OpenAiEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:1234/v1. */
  url: string;
  apiKey?: string;
  model: string;
  /** Texts per request. */
  batchSize?: number;
  /** Client-side limit on request starts per minute (0 = none). */
  requestsPerMinute?: number;
  /** Per-request deadline, body included. */
  timeoutMs?: number;
  /** Retries of one request after a 429, a 5xx, a network error or a timeout. */
  maxRetries?: number;
  /** Ceiling of the first retry delay; it doubles with each retry up to `maxDelayMs`. */
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

const DEFAULTS = {
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
  log: logger as Pick<Logger, "warn">,
};

/** A failure worth retrying, with the wait the server asked for, if it did. */
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
  private readonly o: typeof DEFAULTS & { apiKey?: string };
  private readonly pacer: RequestPacer;

  constructor(options: OpenAiEmbedderOptions) {
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.o = { ...DEFAULTS, ...given };
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
          const secs = Math.round(err.retryAfterMs / 1000);
          throw new EmbeddingProviderError(
            `embeddings provider asked to retry after ${secs} s: ${err.message}`,
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
    let body: string;
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
      body = await res.text();
    } catch (err) {
      throw new RetryableError(describeFetchError(err, this.o.timeoutMs));
    }
    if (res.status === 429 || res.status >= 500) {
      const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
      throw new RetryableError(`HTTP ${res.status} ${excerpt(body)}`, retryAfter);
    }
    if (!res.ok) {
      const message = `embeddings request rejected: HTTP ${res.status} ${excerpt(body)}`;
      throw new EmbeddingProviderError(message, res.status);
    }
    return parseEmbeddingsResponse(body, input.length, this.dimensions, this.model);
  }
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return `no response within ${timeoutMs} ms (timed out)`;
  }
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return `network error${err instanceof Error ? `: ${err.message}` : ""}${cause}`;
}
