import { ConnectionError, errorClassFor, LedeError, TimeoutError } from "./errors.js";

export type QueryValue = string | number | boolean | ReadonlyArray<string | number> | null | undefined;

export interface TransportOptions {
  baseUrl: string;
  apiKey?: string;
  /** Per attempt, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Retries after a 429 or 503 (or a failed connection), default 2. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for (the error is thrown), default 60 s. */
  maxRetryWaitMs?: number;
  /** First backoff when no Retry-After is given (doubled per attempt, at most 30 s), default 500 ms. */
  backoffBaseMs?: number;
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface Request {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  auth?: boolean;
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

const RETRY_STATUSES = new Set([429, 503]);
const BACKOFF_MAX_MS = 30_000;

/** Query string of contract §2: lists comma-joined, booleans `true`/`false`, missing values left out. */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP-date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const when = Date.parse(value);
  return Number.isNaN(when) ? null : Math.max(0, (when - now) / 1000);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** fetch with JSON, the key, a timeout per attempt and retries with backoff on 429/503 honouring Retry-After. */
export class Transport {
  readonly baseUrl: string;
  /** Headers of the last response (X-Request-Id, X-RateLimit-*, X-Credits-*). */
  lastHeaders: Headers | null = null;

  constructor(private readonly opts: TransportOptions) {
    this.baseUrl = opts.baseUrl;
  }

  async request<T>(req: Request, options: RequestOptions = {}): Promise<T> {
    const maxRetries = options.maxRetries ?? this.opts.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      let res: RawResponse;
      try {
        res = await this.send(req, options);
      } catch (err) {
        if (!(err instanceof ConnectionError) || err instanceof TimeoutError || attempt >= maxRetries)
          throw err;
        await sleep(this.backoff(attempt), options.signal);
        continue;
      }
      this.lastHeaders = res.headers;
      if (res.status >= 200 && res.status < 300) return JSON.parse(res.text) as T;
      const error = this.toError(res);
      const wait = this.retryWait(error, attempt, maxRetries);
      if (wait === null) throw error;
      await sleep(wait, options.signal);
    }
  }

  private async send(req: Request, options: RequestOptions): Promise<RawResponse> {
    const headers: Record<string, string> = { Accept: "application/json", ...this.opts.headers };
    if (req.body !== undefined) headers["Content-Type"] = "application/json";
    if (req.auth !== false && this.opts.apiKey) headers.Authorization = `Bearer ${this.opts.apiKey}`;
    const timeoutMs = options.timeoutMs ?? this.opts.timeoutMs ?? 30_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const doFetch = this.opts.fetch ?? globalThis.fetch;
    try {
      const res = await doFetch(`${this.baseUrl}${req.path}${encodeQuery(req.query)}`, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: controller.signal,
      });
      // The body is read inside the timeout too: a server may stall after the headers.
      return { status: res.status, headers: res.headers, text: await res.text() };
    } catch (err) {
      if (controller.signal.reason instanceof TimeoutSignal)
        throw new TimeoutError({
          code: "timeout",
          message: `no answer within ${timeoutMs} ms`,
          status: 0,
          cause: err,
        });
      if (options.signal?.aborted) throw options.signal.reason;
      throw new ConnectionError({
        code: "connection_error",
        message: `could not reach ${this.baseUrl}: ${(err as Error).message}`,
        status: 0,
        cause: err,
      });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  private toError(res: RawResponse): LedeError {
    const headerId = res.headers.get("X-Request-Id");
    const retryAfter = parseRetryAfter(res.headers.get("Retry-After"));
    const text = res.text;
    const Cls = errorClassFor(res.status);
    try {
      const { error } = JSON.parse(text) as {
        error: { code: string; message: string; request_id?: string; details?: Record<string, unknown> };
      };
      if (typeof error?.code !== "string") throw new Error("not an API error body");
      return new Cls({
        code: error.code,
        message: error.message,
        status: res.status,
        requestId: error.request_id ?? headerId,
        details: error.details,
        retryAfter,
      });
    } catch {
      return new Cls({
        code: `http_${res.status}`,
        message: text.slice(0, 200),
        status: res.status,
        requestId: headerId,
        retryAfter,
      });
    }
  }

  private retryWait(error: LedeError, attempt: number, maxRetries: number): number | null {
    if (!RETRY_STATUSES.has(error.status) || attempt >= maxRetries) return null;
    if (error.retryAfter !== null) {
      const ms = error.retryAfter * 1000;
      // quota_exhausted asks to wait until the next billing month: not worth blocking for.
      return ms <= (this.opts.maxRetryWaitMs ?? 60_000) ? ms : null;
    }
    return this.backoff(attempt);
  }

  private backoff(attempt: number): number {
    const delay = Math.min(BACKOFF_MAX_MS, (this.opts.backoffBaseMs ?? 500) * 2 ** attempt);
    return delay + Math.random() * delay * 0.25;
  }
}

/** The abort reason of a timeout, told apart from the caller's own abort. */
class TimeoutSignal extends Error {
  constructor() {
    super("timeout");
  }
}
