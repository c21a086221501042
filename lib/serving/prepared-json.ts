// A JSON body serialised once and sent many times, and the content negotiation that picks its encoding. The HTTP
// edge (lib/api/with-api-key.ts) sends it; read models in lib/<domain> hold it.
import zlib from "node:zlib";

/** Bodies smaller than this go out as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 4 * 1024;

export type BodyEncoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer with, from the client's Accept-Encoding (RFC 9110 §12.5.3): brotli when it is accepted,
 * else gzip, else none. A zero q-value refuses a coding; `*` stands for any coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): BodyEncoding {
  if (!acceptEncoding) return "identity";
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip") || (q.get("x-gzip") ?? 0) > 0) return "gzip";
  return "identity";
}

const brotli = (quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
});
/** A body compressed once and sent many times: brotli at a middle quality, within a few percent of its best. */
const KEPT = { br: brotli(5), gzipLevel: 6 };
/** A body compressed for one response: the fastest settings, which still shrink JSON 5–10 times. */
const ONE_SHOT = { br: brotli(1), gzipLevel: 1 };

export function encodeBody(json: Buffer, encoding: BodyEncoding, kept = true): Buffer {
  const o = kept ? KEPT : ONE_SHOT;
  if (encoding === "br") return zlib.brotliCompressSync(json, o.br);
  if (encoding === "gzip") return zlib.gzipSync(json, { level: o.gzipLevel });
  return json;
}

/**
 * A JSON body serialised once and served many times, as read models hold it: its compressed forms are made on
 * first use and kept, so a request for a cached body costs no serialisation and no compression.
 */
export class PreparedJson {
  readonly json: Buffer;
  private readonly encoded = new Map<BodyEncoding, Buffer>();

  /** `kept`: the body will be served many times, so it is worth compressing harder. */
  constructor(
    body: string | Buffer,
    private readonly kept = false,
  ) {
    this.json = typeof body === "string" ? Buffer.from(body) : body;
  }

  static of(value: unknown, kept = false): PreparedJson {
    return new PreparedJson(JSON.stringify(value), kept);
  }

  /** The body in `encoding`; small bodies always come back unencoded. */
  body(encoding: BodyEncoding): { bytes: Buffer; encoding: BodyEncoding } {
    if (encoding === "identity" || this.json.length < COMPRESS_MIN_BYTES)
      return { bytes: this.json, encoding: "identity" };
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encodeBody(this.json, encoding, this.kept);
      this.encoded.set(encoding, bytes);
    }
    return { bytes, encoding };
  }
}
