import { isSafeFetchError, safeFetch, type SafeFetchError, type SafeFetchOptions } from "../net";
import { MAX_FEED_BYTES } from "./parse-feed";

export const MAX_REDIRECTS = 5;

export interface FetchFeedOptions {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  /**
   * The SSRF policy (the operator's private-address allowlist; a resolver in tests). Empty by default: a feed on a
   * loopback, private or link-local address, or redirecting to one, is refused.
   */
  fetch?: Pick<SafeFetchOptions, "allow" | "lookup" | "connectTimeoutMs">;
}

export type FetchFeedResult =
  | { status: "not_modified" }
  | { status: "ok"; body: string; etag: string | null; lastModified: string | null; finalUrl: string };

export class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "FeedFetchError";
  }
}

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

/**
 * Fetches a feed through the SSRF-safe fetcher (every address and every redirect hop checked, the socket pinned to
 * the checked address) with a conditional GET, one deadline for redirects and body, a redirect cap with loop
 * detection and a size cap; decodes the charset the document declares. Throws FeedFetchError with a reason.
 */
export async function fetchFeed(url: string, opts: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const headers: Record<string, string> = {};
  if (opts.etag) headers["If-None-Match"] = opts.etag;
  if (opts.lastModified) headers["If-Modified-Since"] = opts.lastModified;
  const maxBytes = opts.maxBytes ?? MAX_FEED_BYTES;
  let res;
  try {
    res = await safeFetch(url, {
      allow: opts.fetch?.allow ?? [],
      lookup: opts.fetch?.lookup,
      connectTimeoutMs: opts.fetch?.connectTimeoutMs,
      headers,
      accept: ACCEPT,
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs ?? 15_000,
      maxBytes,
      maxRedirects: MAX_REDIRECTS,
    });
  } catch (e) {
    if (isSafeFetchError(e)) throw feedError(e, url);
    throw e;
  }
  if (res.status === 304) return { status: "not_modified" };
  return {
    status: "ok",
    body: decodeFeed(res.body, res.contentType),
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
    finalUrl: res.url,
  };
}

/** The reason a feed's health records, in the feed's terms. */
function feedError(e: SafeFetchError, feedUrl: string): FeedFetchError {
  switch (e.code) {
    case "http_status":
      return new FeedFetchError(e.message, e.extra.httpStatus, e.extra.retryAfterMs);
    case "too_large": {
      const declared = e.extra.declaredBytes !== undefined ? ` (declared ${e.extra.declaredBytes})` : "";
      return new FeedFetchError(`feed is larger than ${e.extra.maxBytes} bytes${declared}`);
    }
    case "blocked_address":
    case "unsupported_protocol": {
      // A refusal names where the feed led when that was a redirect, and how an operator can allow a local feed.
      const via = e.url !== feedUrl && e.url !== safeHref(feedUrl) ? `redirected to ${e.url}: ` : "";
      const hint = e.code === "blocked_address" ? " (LEDE_FETCH_ALLOW_PRIVATE can allow it)" : "";
      return new FeedFetchError(`refused: ${via}${e.message}${hint}`);
    }
    case "network":
      return new FeedFetchError(`network error: ${e.message}`);
    default:
      return new FeedFetchError(e.message);
  }
}

function safeHref(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.href;
  } catch {
    return url;
  }
}

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xfe, 0xff], "utf-16be"],
  [[0xff, 0xfe], "utf-16le"],
];

/**
 * Text of a feed document: a byte-order mark decides first, then the Content-Type charset, then the XML
 * declaration's encoding, else UTF-8 (ISO-8859-1 is read as windows-1252, as browsers do). Bytes invalid in
 * the chosen encoding become U+FFFD rather than failing the feed.
 */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const bom = BOMS.find(([sig]) => sig.every((b, i) => bytes[i] === b))?.[1];
  const fromHeader = /charset=["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1");
  const fromXml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  for (const label of [bom, fromHeader, fromXml, "utf-8"]) {
    if (!label) continue;
    let decoder: TextDecoder;
    try {
      // TextDecoder drops a BOM matching its encoding.
      decoder = new TextDecoder(label.toLowerCase());
    } catch {
      continue; // Unknown label: try the next candidate.
    }
    const text = decoder.decode(bytes);
    return decoder.encoding === "windows-1252" ? fixWindows1252(text) : text;
  }
  return new TextDecoder().decode(bytes);
}

// windows-1252's characters for bytes 0x80–0x9F (undefined ones keep their byte's code point).
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Node 20's TextDecoder reads windows-1252 (and so ISO-8859-1) bytes 0x80–0x9F as C1 control characters, losing
 * curly quotes, dashes and the euro sign; this maps them to the characters the encoding defines.
 */
function fixWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}
