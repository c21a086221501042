import { DomainError, isDomainError } from "../errors";
import { errorResponse, newRequestId } from "./errors";

/**
 * The body as text, read as it streams and refused as soon as it passes `maxBytes`, whatever Content-Length
 * says (a chunked upload has none). The rest of an oversized body is never read: the stream is cancelled.
 */
export async function readBodyCapped(
  req: { headers: { get(name: string): string | null }; body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Wraps a route handler so it gets the request with its body already read under `maxBytes`; a larger body is
 * answered 413 (contract error body) without being read further.
 */
export function withBodyLimit(
  maxBytes: number,
  handler: (req: Request) => Promise<Response>,
): (req: Request) => Promise<Response> {
  return async (req) => {
    let text: string;
    try {
      text = await readBodyCapped(req, maxBytes);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return errorResponse(e.code, e.status, e.message, newRequestId(), e.details);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    return handler(
      new Request(req.url, { method: req.method, headers: req.headers, body: hasBody ? text : undefined }),
    );
  };
}

const size = (bytes: number) =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes / 1024} KiB`;

const tooLarge = (maxBytes: number) =>
  new DomainError("payload_too_large", 413, `the request body is larger than ${size(maxBytes)}`, {
    max: maxBytes,
  });
