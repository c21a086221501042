import type { ContentStatus } from "../db/types";
import { isSafeFetchError, safeFetch, type SafeFetchErrorCode, type SafeFetchOptions } from "../net";
import { decodeHtml } from "./decode-html";
import { extractFromHtml } from "./extract-html";

export interface ArticleExtraction {
  status: ContentStatus;
  /** URL after redirects (the requested URL when the fetch failed before any response). */
  finalUrl: string;
  title: string | null;
  text: string;
  imageUrl: string | null;
  thumbUrl: string | null;
  videoUrl: string | null;
  /** Why the page could not be fetched or read; null on success. */
  error: string | null;
  errorCode: SafeFetchErrorCode | "extraction" | null;
  /** Whether a later attempt may succeed (timeouts, 5xx, network errors). */
  transient: boolean;
  /** The server's Retry-After, when it sent one with an error status. */
  retryAfterMs: number | null;
}

const HTML_TYPES = ["text/html", "application/xhtml+xml"] as const;
const ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1";

/**
 * Fetches an article page through the SSRF-safe fetcher and extracts its main text and media. Never throws for a
 * page problem: a refused, failed or unreadable page comes back with status `failed` and the reason.
 */
export async function fetchArticle(url: string, opts: SafeFetchOptions = {}): Promise<ArticleExtraction> {
  const empty = { title: null, text: "", imageUrl: null, thumbUrl: null, videoUrl: null };
  let res;
  try {
    res = await safeFetch(url, { accept: ACCEPT_HTML, contentTypes: HTML_TYPES, ...opts });
  } catch (e) {
    if (!isSafeFetchError(e)) throw e;
    return {
      ...empty,
      status: "failed",
      finalUrl: url,
      error: e.message,
      errorCode: e.code,
      transient: e.transient,
      retryAfterMs: e.extra.retryAfterMs ?? null,
    };
  }
  try {
    const page = extractFromHtml(decodeHtml(res.body, res.contentType), res.url);
    return {
      status: page.status,
      finalUrl: res.url,
      title: page.title,
      text: page.status === "has_content" ? page.text : "",
      imageUrl: page.imageUrl,
      thumbUrl: page.thumbUrl,
      videoUrl: page.videoUrl,
      error: null,
      errorCode: null,
      transient: false,
      retryAfterMs: null,
    };
  } catch (e) {
    return {
      ...empty,
      status: "failed",
      finalUrl: res.url,
      error: `could not extract the page: ${(e as Error).message}`,
      errorCode: "extraction",
      transient: false,
      retryAfterMs: null,
    };
  }
}
