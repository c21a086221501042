import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

import { SafeFetchError } from "./safe-fetch-error";

export interface PinnedTarget {
  url: URL;
  /** Addresses already checked by the policy; the socket may only connect to one of these. */
  addresses: LookupAddress[];
}

export interface HopOptions {
  headers: Record<string, string>;
  connectTimeoutMs: number;
  /** Aborts the whole fetch (total deadline or the caller's signal); the reason must be a SafeFetchError. */
  signal: AbortSignal;
}

export interface HopResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Reads the (decompressed) body, refusing it past `maxBytes`. */
  readBody(maxBytes: number): Promise<Buffer>;
  discard(): void;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A resolver that only ever answers with the checked addresses. Node calls it in place of DNS when it opens the
 * socket, so a second DNS answer (rebinding) can never change where the connection goes. The Host header and the
 * TLS server name still carry the URL's host name.
 */
function pinnedLookup(target: PinnedTarget) {
  const expected = target.url.hostname.toLowerCase();
  return (hostname: string, options: unknown, callback: LookupCallback) => {
    const opts = (typeof options === "object" && options !== null ? options : {}) as {
      all?: boolean;
      family?: number;
    };
    if (hostname.toLowerCase() !== expected) {
      callback(Object.assign(new Error(`unexpected lookup of ${hostname}`), { code: "ENOTFOUND" }), "");
      return;
    }
    const wanted = opts.family === 4 || opts.family === 6 ? opts.family : 0;
    const list = target.addresses.filter((a) => wanted === 0 || a.family === wanted);
    const first = list[0];
    if (!first) {
      callback(Object.assign(new Error(`no checked address for ${hostname}`), { code: "ENOTFOUND" }), "");
      return;
    }
    if (opts.all) callback(null, list);
    else callback(null, first.address, first.family);
  };
}

/** One GET to one checked endpoint: no redirects followed, response head first, body on demand. */
export function requestPinned(target: PinnedTarget, opts: HopOptions): Promise<HopResponse> {
  const { url } = target;
  const isHttps = url.protocol === "https:";
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const literal = url.hostname.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host);
  return new Promise<HopResponse>((resolve, reject) => {
    const req = (isHttps ? https : http).request({
      host,
      port: url.port ? Number(url.port) : isHttps ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: { ...opts.headers, Host: url.host },
      agent: false,
      lookup: pinnedLookup(target),
      ...(isHttps && !literal ? { servername: host } : {}),
    });
    const fail = (e: unknown) => {
      req.destroy();
      reject(toFetchError(e, url.href));
    };
    const onAbort = () => req.destroy(opts.signal.reason as Error);
    if (opts.signal.aborted) return fail(opts.signal.reason);
    opts.signal.addEventListener("abort", onAbort, { once: true });
    const connectTimer = setTimeout(
      () =>
        req.destroy(
          new SafeFetchError("timeout", `connect timed out after ${opts.connectTimeoutMs} ms`, url.href),
        ),
      opts.connectTimeoutMs,
    );
    req.on("socket", (socket) => {
      socket.once(isHttps ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    req.on("error", (e) => {
      clearTimeout(connectTimer);
      opts.signal.removeEventListener("abort", onAbort);
      reject(toFetchError(e, url.href));
    });
    req.on("response", (res) => {
      clearTimeout(connectTimer);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        discard() {
          opts.signal.removeEventListener("abort", onAbort);
          res.destroy();
        },
        readBody(maxBytes) {
          // From here the body reader answers the abort itself, so the cause it reports is the deadline.
          opts.signal.removeEventListener("abort", onAbort);
          return readCapped(res, maxBytes, url.href, opts.signal);
        },
      });
    });
    req.on("close", () => clearTimeout(connectTimer));
    req.end();
  });
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** Collects the body, decompressed, and stops at `maxBytes` of decoded data (a small gzip can expand hugely). */
function readCapped(
  res: http.IncomingMessage,
  maxBytes: number,
  href: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(
      new SafeFetchError(
        "too_large",
        `response is larger than ${maxBytes} bytes (declared ${declared})`,
        href,
        {
          maxBytes,
          declaredBytes: declared,
        },
      ),
    );
  }
  const decoder = decoderFor(res.headers["content-encoding"]);
  const stream: Readable = decoder ? res.pipe(decoder) : res;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    // The first cause wins: destroying the response makes it emit "aborted" and "error" of its own.
    const stop = (e: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      res.destroy();
      decoder?.destroy();
      reject(toFetchError(e, href));
    };
    const onAbort = () => stop(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    stream.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        stop(
          new SafeFetchError("too_large", `response is larger than ${maxBytes} bytes`, href, { maxBytes }),
        );
        return;
      }
      chunks.push(chunk);
    });
    stream.on("end", () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      resolve(Buffer.concat(chunks));
    });
    stream.on("error", stop);
    if (decoder) res.on("error", stop);
    res.on("aborted", () => stop(new SafeFetchError("network", "the connection closed mid-body", href)));
  });
}

function toFetchError(e: unknown, href: string): SafeFetchError {
  if (e instanceof SafeFetchError) return e;
  const err = e as NodeJS.ErrnoException;
  if (err?.code === "Z_DATA_ERROR" || err?.code === "Z_BUF_ERROR" || err?.code === "ERR_PADDING_1") {
    return new SafeFetchError("network", `could not decode the compressed body: ${err.message}`, href);
  }
  return new SafeFetchError(
    "network",
    `${err?.code ? `${err.code}: ` : ""}${err?.message ?? String(e)}`,
    href,
  );
}
