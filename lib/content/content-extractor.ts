import type { Logger } from "pino";

import type { ArticleContentRecord, ContentSave, Store } from "../db/store";
import type { Article } from "../db/types";
import { fetchArticle, type ArticleExtraction } from "../extraction/fetch-article";
import type { SafeFetchOptions } from "../net";

export interface ContentExtractorOptions {
  store: Store;
  /** Read at each fetch, so a changed allowlist or User-Agent applies without a restart. */
  fetchOptions: () => SafeFetchOptions;
  /** Pages fetched at once (default 4). */
  concurrency?: number;
  /** Waits before each retry of a transient failure (timeouts, 5xx, 429, network); its length is the retry count. */
  retryDelaysMs?: number[];
  /** Longest Retry-After honoured before giving up on a retry. */
  maxRetryAfterMs?: number;
  now?: () => number;
  log?: Logger;
  /** Injected by tests to avoid real waits. */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [500, 2_000];

/**
 * Fetches and extracts article pages with bounded concurrency. Concurrent requests for one article share one
 * extraction; transient failures are retried with growing delays before the article is marked `failed`; every
 * result is stored (article_content, the article's content_status and its search body).
 */
export class ContentExtractor {
  private readonly inFlight = new Map<number, Promise<ArticleContentRecord>>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;

  constructor(private readonly opts: ContentExtractorOptions) {}

  /**
   * Extracts the article's page now (or joins the extraction under way) and returns the stored record. `now` is
   * the caller's clock, for `extracted_at`; the extractor's own clock is used without it.
   */
  extract(article: Pick<Article, "id" | "url">, now?: () => number): Promise<ArticleContentRecord> {
    const existing = this.inFlight.get(article.id);
    if (existing) return existing;
    const job = this.withSlot(() => this.run(article, now ?? this.opts.now ?? Date.now)).finally(() =>
      this.inFlight.delete(article.id),
    );
    this.inFlight.set(article.id, job);
    return job;
  }

  /** Queues an extraction in the background; failures are logged, never thrown. */
  enqueue(article: Pick<Article, "id" | "url">): void {
    this.extract(article).catch((e) =>
      this.opts.log?.error({ err: e, article_id: article.id }, "extraction failed"),
    );
  }

  /** Extractions running or waiting for a slot. */
  get pending(): number {
    return this.inFlight.size;
  }

  private async run(article: Pick<Article, "id" | "url">, now: () => number): Promise<ArticleContentRecord> {
    const delays = this.opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    let result: ArticleExtraction = await fetchArticle(article.url, this.opts.fetchOptions());
    for (
      let attempt = 0;
      result.status === "failed" && result.transient && attempt < delays.length;
      attempt++
    ) {
      const wait = Math.max(delays[attempt] ?? 0, result.retryAfterMs ?? 0);
      if (wait > (this.opts.maxRetryAfterMs ?? 30_000)) break;
      await (this.opts.sleep ?? sleep)(wait);
      result = await fetchArticle(article.url, this.opts.fetchOptions());
    }
    if (result.status === "failed") {
      this.opts.log?.warn(
        { article_id: article.id, url: article.url, error: result.error },
        "article page not extracted",
      );
    }
    const record: ContentSave = {
      articleId: article.id,
      finalUrl: result.finalUrl,
      extractedTitle: result.title,
      text: result.text,
      imageUrl: result.imageUrl,
      thumbUrl: result.thumbUrl,
      videoUrl: result.videoUrl,
      status: result.status,
      error: result.error,
      extractedAt: now(),
    };
    await this.opts.store.content.save(record);
    return (await this.opts.store.content.get(article.id)) ?? { ...record, fullSummary: null };
  }

  private async withSlot<T>(fn: () => Promise<T>): Promise<T> {
    // A finished job hands its slot straight to the next waiter, so the limit holds even between the two.
    if (this.running < (this.opts.concurrency ?? 4)) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
