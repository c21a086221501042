// A large JSON body sent in chunks: built a slice at a time, compressed off the event loop, written as the client
// reads. The HTTP edge (lib/api/with-api-key.ts) sends it; node:http writes it with backpressure
// (lib/api/node-dispatch.ts).
import { Readable } from "node:stream";
import zlib from "node:zlib";

import { COMPRESS_MIN_BYTES, type BodyEncoding } from "./prepared-json";

/** Chunks are cut at about this size: big enough for few writes, small enough to build within a time slice. */
export const CHUNK_BYTES = 256 * 1024;

/** Bodies from this size on are streamed; smaller ones are sent whole (lib/serving/prepared-json.ts). */
export const STREAM_MIN_BYTES = 1024 * 1024;

/** One body on its way out: its chunks, and `close` to call once when writing ends (sent or abandoned). */
export interface BodyStream {
  chunks: AsyncIterable<Buffer>;
  close(): void;
}

/**
 * A JSON body held as chunks (`json`, whole bytes `length`). Compression runs in zlib's thread pool, one chunk at a
 * time, so a 16 MB page never holds the event loop for the length of a compression. `onClose` runs once, when the
 * body has been written or abandoned (it gives back what the request held, e.g. a concurrency slot).
 */
export class StreamedJson {
  readonly length: number;
  private closed = false;

  constructor(
    readonly json: readonly Buffer[],
    private readonly onClose?: () => void,
  ) {
    this.length = json.reduce((n, c) => n + c.length, 0);
  }

  /** The body in `encoding` (identity for small bodies), with its length when it is known up front. */
  body(encoding: BodyEncoding): { stream: BodyStream; encoding: BodyEncoding; length?: number } {
    const close = () => {
      if (this.closed) return;
      this.closed = true;
      this.onClose?.();
    };
    if (encoding === "identity" || this.length < COMPRESS_MIN_BYTES) {
      const json = this.json;
      const chunks: AsyncIterable<Buffer> = {
        async *[Symbol.asyncIterator]() {
          yield* json;
        },
      };
      return { stream: { chunks, close }, encoding: "identity", length: this.length };
    }
    const make = (): zlib.BrotliCompress | zlib.Gzip =>
      encoding === "br"
        ? zlib.createBrotliCompress({
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.length,
            },
          })
        : zlib.createGzip({ level: 1 });
    const json = this.json;
    const chunks: AsyncIterable<Buffer> = {
      [Symbol.asyncIterator]() {
        // The compressor reads the chunks as it needs them, so it never holds more than its buffers.
        const out = Readable.from(json, { objectMode: false }).pipe(make());
        return out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      },
    };
    return { stream: { chunks, close }, encoding };
  }

  /** Frees what the body holds without sending it (the request failed before writing). */
  discard(): void {
    this.body("identity").stream.close();
  }
}

/** Collects a body stream's chunks into one buffer (tests, and clients of the Response form). */
export async function collect(stream: BodyStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  try {
    for await (const c of stream.chunks) parts.push(c);
  } finally {
    stream.close();
  }
  return Buffer.concat(parts);
}
