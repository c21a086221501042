import { MAX_FEED_BYTES } from "./parse-feed";

export const DEFAULT_USER_AGENT =
  "LedeBot/0.1 (Lede news intelligence, self-hosted; set LEDE_USER_AGENT to add a contact)";

export interface FetchFeedOptions {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  fetchImpl?: typeof fetch;
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

/** Fetches a feed with a conditional GET, a timeout and a size cap; decodes the charset the server declares. */
export async function fetchFeed(url: string, opts: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const headers: Record<string, string> = {
    "User-Agent": opts.userAgent ?? DEFAULT_USER_AGENT,
    Accept:
      "application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
  };
  if (opts.etag) headers["If-None-Match"] = opts.etag;
  if (opts.lastModified) headers["If-Modified-Since"] = opts.lastModified;
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(url, {
      headers,
      redirect: "follow",
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
  } catch (e) {
    const err = e as Error;
    throw new FeedFetchError(
      err.name === "TimeoutError"
        ? "timed out"
        : `network error: ${err.cause ? String((err.cause as Error).message ?? err.cause) : err.message}`,
    );
  }
  if (res.status === 304) return { status: "not_modified" };
  if (!res.ok) {
    const retry = Number(res.headers.get("retry-after"));
    await res.body?.cancel();
    throw new FeedFetchError(
      `HTTP ${res.status}`,
      res.status,
      Number.isFinite(retry) && retry > 0 ? retry * 1000 : undefined,
    );
  }
  const bytes = await readCapped(res, opts.maxBytes ?? MAX_FEED_BYTES);
  return {
    status: "ok",
    body: decode(bytes, res.headers.get("content-type")),
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
    finalUrl: res.url || url,
  };
}

async function readCapped(res: Response, max: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.body?.cancel();
    throw new FeedFetchError(`feed is larger than ${max} bytes`);
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new FeedFetchError(`feed is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Charset from the Content-Type header, else from the XML declaration, else UTF-8. */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType ?? "")?.[1];
  const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
  const fromXml = /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1];
  for (const label of [fromHeader, fromXml, "utf-8"]) {
    if (!label) continue;
    try {
      return new TextDecoder(label.toLowerCase()).decode(bytes);
    } catch {
      // Unknown label: try the next candidate.
    }
  }
  return new TextDecoder().decode(bytes);
}
