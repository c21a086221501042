import dns, { type LookupAddress } from "node:dns";

import { blockedRange, isAllowedByRules, parseAddress, type AllowRule } from "./ip-policy";
import { requestPinned, type HopResponse } from "./pinned-request";
import { SafeFetchError } from "./safe-fetch-error";
import { DEFAULT_USER_AGENT } from "./user-agent";

/** Resolves a host name to every address it has (a fake one in tests). */
export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** Private addresses an operator explicitly allows (local feeds, tests). Empty by default: public only. */
  allow?: readonly AllowRule[];
  lookup?: LookupAll;
  /** Redirects followed, each re-checked (default 5). */
  maxRedirects?: number;
  connectTimeoutMs?: number;
  /** Deadline for the whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Cap on the decoded body (default 5 MiB). */
  maxBytes?: number;
  userAgent?: string;
  accept?: string;
  /** Media types accepted for a 2xx body (e.g. `text/html`); a response without a Content-Type passes. */
  contentTypes?: readonly string[];
  /** Extra request headers (e.g. conditional GET); kept across same-origin redirects only. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  /** URL of the final response, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** Decoded body bytes; empty for 304. */
  body: Buffer;
  contentType: string | null;
  /** Every URL requested before the final one. */
  redirects: string[];
  /** The address the final response came from. */
  address: string;
}

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * GET for any URL a user or a feed supplied. Only http(s); every address the host resolves to must be public
 * unicast (or explicitly allowed), the socket is pinned to the checked addresses, and each redirect hop is checked
 * the same way. A 2xx or 304 is returned; anything else throws a typed SafeFetchError.
 */
export async function safeFetch(input: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new SafeFetchError("timeout", `timed out after ${timeoutMs} ms`, input)),
    timeoutMs,
  );
  const onCallerAbort = () => deadline.abort(new SafeFetchError("timeout", "the fetch was cancelled", input));
  opts.signal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    return await followRedirects(input, opts, deadline.signal);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
  }
}

async function followRedirects(
  input: string,
  opts: SafeFetchOptions,
  signal: AbortSignal,
): Promise<SafeFetchResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const origin = parseUrl(input, input);
  const seen = new Set<string>();
  const redirects: string[] = [];
  let url = origin;
  for (;;) {
    seen.add(url.href);
    const addresses = await checkedAddresses(url, opts, signal);
    const res = await requestPinned(
      { url, addresses },
      {
        headers: requestHeaders(opts, url.origin === origin.origin),
        connectTimeoutMs: opts.connectTimeoutMs ?? 5_000,
        signal,
      },
    );
    const location = res.headers.location;
    if (REDIRECTS.has(res.status) && location) {
      res.discard();
      const next = parseUrl(location, url.href, url);
      if (seen.has(next.href)) {
        throw new SafeFetchError("redirect_loop", `redirect loop back to ${next.href}`, next.href);
      }
      if (redirects.length >= maxRedirects) {
        throw new SafeFetchError("too_many_redirects", `more than ${maxRedirects} redirects`, next.href);
      }
      redirects.push(url.href);
      url = next;
      continue;
    }
    // checkedAddresses never returns an empty list.
    return finish(url, res, addresses[0]?.address ?? "", redirects, opts);
  }
}

async function finish(
  url: URL,
  res: HopResponse,
  address: string,
  redirects: string[],
  opts: SafeFetchOptions,
): Promise<SafeFetchResponse> {
  const headers = toHeaders(res.headers);
  const contentType = headers.get("content-type");
  const base = { url: url.href, status: res.status, headers, contentType, redirects, address };
  if (res.status === 304) {
    res.discard();
    return { ...base, body: Buffer.alloc(0) };
  }
  if (res.status < 200 || res.status >= 300) {
    res.discard();
    throw new SafeFetchError("http_status", `HTTP ${res.status}`, url.href, {
      httpStatus: res.status,
      retryAfterMs: parseRetryAfter(headers.get("retry-after")),
    });
  }
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (opts.contentTypes && mediaType && !opts.contentTypes.includes(mediaType)) {
    res.discard();
    throw new SafeFetchError("unsupported_content_type", `unexpected content type ${mediaType}`, url.href);
  }
  return { ...base, body: await res.readBody(opts.maxBytes ?? DEFAULT_MAX_BYTES) };
}

function parseUrl(text: string, reportAs: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new SafeFetchError("invalid_url", `not a valid URL: ${text}`, reportAs);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError(
      "unsupported_protocol",
      `only http and https may be fetched, not ${url.protocol}`,
      url.href,
    );
  }
  url.hash = "";
  return url;
}

/**
 * Every address of the URL's host, refused as a whole if any one is not public: a name answering with one public
 * and one private address could otherwise be steered to the private one.
 */
async function checkedAddresses(
  url: URL,
  opts: Pick<SafeFetchOptions, "allow" | "lookup">,
  signal: AbortSignal,
): Promise<LookupAddress[]> {
  const hostname = url.hostname.toLowerCase();
  const literal = parseAddress(hostname);
  if (literal) {
    checkAddress(url, literal, opts.allow ?? [], null);
    return [{ address: literal.toString(), family: literal.kind() === "ipv4" ? 4 : 6 }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await untilAborted((opts.lookup ?? systemLookup)(hostname), signal);
  } catch (e) {
    if (e instanceof SafeFetchError) throw e;
    throw new SafeFetchError("dns_failure", `cannot resolve ${hostname}: ${(e as Error).message}`, url.href);
  }
  if (addresses.length === 0) throw new SafeFetchError("dns_failure", `no address for ${hostname}`, url.href);
  for (const a of addresses) {
    const addr = parseAddress(a.address);
    if (!addr)
      throw new SafeFetchError("dns_failure", `resolver gave a non-address "${a.address}"`, url.href);
    checkAddress(url, addr, opts.allow ?? [], a.address);
  }
  return addresses;
}

/** Throws blocked_address unless the address is public unicast or the allowlist lets this connection through. */
function checkAddress(
  url: URL,
  addr: NonNullable<ReturnType<typeof parseAddress>>,
  allow: readonly AllowRule[],
  resolved: string | null,
): void {
  const range = blockedRange(addr);
  if (!range) return;
  const hostname = url.hostname.toLowerCase();
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (isAllowedByRules(allow, { hostname, address: addr, port })) return;
  const address = resolved ?? addr.toString();
  throw new SafeFetchError(
    "blocked_address",
    resolved === null
      ? `${hostname} (${range}) may not be fetched`
      : `${hostname} resolves to ${address} (${range}), which may not be fetched`,
    url.href,
    { address, range },
  );
}

/**
 * The checks safeFetch makes before connecting, without connecting: the URL must be http(s) and every address of
 * its host public (or allowed). Host names are resolved (with `opts.lookup` if given). For a check at the time a
 * URL is registered; the fetch checks again, since a name can resolve differently later.
 */
export async function assertFetchable(
  input: string,
  opts: Pick<SafeFetchOptions, "allow" | "lookup" | "timeoutMs"> = {},
): Promise<void> {
  const url = parseUrl(input, input);
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const deadline = new AbortController();
  const timer = setTimeout(
    () =>
      deadline.abort(
        new SafeFetchError("timeout", `cannot resolve ${url.hostname} within ${timeoutMs} ms`, url.href),
      ),
    timeoutMs,
  );
  try {
    await checkedAddresses(url, opts, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The synchronous part of assertFetchable: the scheme, and the address when the host is an IP literal in any form
 * the URL parser accepts (`2130706433`, `0x7f.1`, `[::ffff:127.0.0.1]`). A host name passes; it is checked when
 * resolved.
 */
export function assertLiteralFetchable(input: string, allow: readonly AllowRule[] = []): void {
  const url = parseUrl(input, input);
  const literal = parseAddress(url.hostname.toLowerCase());
  if (literal) checkAddress(url, literal, allow, null);
}

function requestHeaders(opts: SafeFetchOptions, sameOrigin: boolean): Record<string, string> {
  return {
    "User-Agent": opts.userAgent ?? DEFAULT_USER_AGENT,
    Accept: opts.accept ?? "*/*",
    "Accept-Encoding": "gzip, deflate, br",
    ...(sameOrigin ? opts.headers : {}),
  };
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) for (const x of v) h.append(k, x);
    else if (v !== undefined) h.set(k, v);
  }
  return h;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** The promise's value, or the abort reason (the fetch's deadline) if that comes first: a resolver can hang. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
