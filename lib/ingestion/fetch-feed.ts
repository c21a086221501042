import { MAX_FEED_BYTES } from "./parse-feed";

export const DEFAULT_USER_AGENT =
  "LedeBot/0.1 (Lede news intelligence, self-hosted; set LEDE_USER_AGENT to add a contact)";

export const MAX_REDIRECTS = 5;

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

/** What a transport hands back: the final response after redirects, its body read within the size cap. */
export interface FeedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  url: string;
}

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

/**
 * Fetches a feed with a conditional GET, one deadline for redirects and body, a redirect cap with loop detection
 * and a size cap; decodes the charset the document declares. Throws FeedFetchError with a reason.
 */
export async function fetchFeed(url: string, opts: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const headers: Record<string, string> = {
    "User-Agent": opts.userAgent ?? DEFAULT_USER_AGENT,
    Accept: ACCEPT,
  };
  if (opts.etag) headers["If-None-Match"] = opts.etag;
  if (opts.lastModified) headers["If-Modified-Since"] = opts.lastModified;
  const res = await fetchTransport(url, {
    headers,
    timeoutMs: opts.timeoutMs ?? 15_000,
    maxBytes: opts.maxBytes ?? MAX_FEED_BYTES,
    fetchImpl: opts.fetchImpl ?? fetch,
  });
  if (res.status === 304) return { status: "not_modified" };
  if (res.status < 200 || res.status > 299) {
    const retry = Number(res.headers.get("retry-after"));
    throw new FeedFetchError(
      `HTTP ${res.status}`,
      res.status,
      Number.isFinite(retry) && retry > 0 ? retry * 1000 : undefined,
    );
  }
  return {
    status: "ok",
    body: decodeFeed(res.body, res.headers.get("content-type")),
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
    finalUrl: res.url,
  };
}

interface TransportOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  fetchImpl: typeof fetch;
}

/**
 * The network step, kept apart so it can be swapped for the SSRF-checked fetcher: follows at most MAX_REDIRECTS
 * redirects itself (refusing loops at once), and reads an error response's body only to discard it.
 */
async function fetchTransport(url: string, opts: TransportOptions): Promise<FeedResponse> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const seen = new Set<string>();
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      seen.add(current);
      const res = await opts.fetchImpl(current, { headers: opts.headers, redirect: "manual", signal });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
        await res.body?.cancel();
        const next = new URL(location, current).toString();
        if (seen.has(next)) throw new FeedFetchError(`redirect loop (${current} → ${next})`);
        if (hop >= MAX_REDIRECTS) throw new FeedFetchError(`more than ${MAX_REDIRECTS} redirects`);
        current = next;
        continue;
      }
      const ok = res.status >= 200 && res.status <= 299;
      if (!ok) await res.body?.cancel();
      const body = ok ? await readCapped(res, opts.maxBytes) : new Uint8Array();
      return { status: res.status, headers: res.headers, body, url: current };
    }
  } catch (e) {
    if (e instanceof FeedFetchError) throw e;
    const err = e as Error;
    if (signal.aborted || err.name === "TimeoutError" || err.name === "AbortError")
      throw new FeedFetchError(`timed out after ${opts.timeoutMs} ms`);
    const cause = err.cause as { message?: string; code?: string } | undefined;
    throw new FeedFetchError(`network error: ${cause?.code ?? cause?.message ?? err.message}`);
  }
}

async function readCapped(res: Response, max: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.body?.cancel();
    throw new FeedFetchError(`feed is larger than ${max} bytes (declared ${declared})`);
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
