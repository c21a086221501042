import { EMBEDDING_DIMENSIONS } from "./embedder";

/** How the API writes a vector (contract §6.15, `embedding_format`). */
export type EmbeddingFormat = "json" | "base64";

/**
 * The API value of a vector: number[] for `json`, base64 of little-endian float32 for `base64`. JSON numbers carry
 * 9 significant digits, the fewest that always read back as the same float32 (17-digit doubles would nearly
 * double the payload and add nothing).
 */
export function encodeEmbedding(v: Float32Array, format: EmbeddingFormat): number[] | string {
  return format === "base64" ? embeddingToBase64(v) : Array.from(v, (x) => Number(x.toPrecision(9)));
}

/** Base64 of the vector as little-endian float32 (1536 dimensions → 6,144 bytes). */
export function embeddingToBase64(v: Float32Array): string {
  return littleEndianBytes(v).toString("base64");
}

/** Reads a base64 embedding; throws when it does not hold exactly `dimensions` float32 values. */
export function embeddingFromBase64(text: string, dimensions = EMBEDDING_DIMENSIONS): Float32Array {
  const bytes = Buffer.from(text, "base64");
  if (bytes.byteLength !== dimensions * 4) {
    throw new Error(`base64 embedding holds ${bytes.byteLength} bytes, expected ${dimensions * 4}`);
  }
  return fromLittleEndian(bytes);
}

/** The sqlite-vec blob of a vector: its float32 values as raw bytes (a copy, safe to keep). */
export function embeddingToBlob(v: Float32Array): Buffer {
  return littleEndianBytes(v);
}

/** A vector from a sqlite-vec blob; throws when the length is not `dimensions` float32 values. */
export function embeddingFromBlob(blob: Uint8Array, dimensions = EMBEDDING_DIMENSIONS): Float32Array {
  if (blob.byteLength !== dimensions * 4) {
    throw new Error(`embedding blob holds ${blob.byteLength} bytes, expected ${dimensions * 4}`);
  }
  return fromLittleEndian(blob);
}

function littleEndianBytes(v: Float32Array): Buffer {
  const out = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) out.writeFloatLE(v[i]!, i * 4);
  return out;
}

function fromLittleEndian(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
