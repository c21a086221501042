import { describe, expect, it } from "vitest";

import { EMBEDDING_DIMENSIONS } from "./embedder";
import {
  embeddingFromBase64,
  embeddingFromBlob,
  embeddingToBase64,
  embeddingToBlob,
  encodeEmbedding,
} from "./encode";

function sample(): Float32Array {
  const v = new Float32Array(EMBEDDING_DIMENSIONS);
  for (let i = 0; i < v.length; i++) v[i] = Math.sin(i * 0.37) / 40;
  v[0] = 1;
  v[1] = -2.5;
  return v;
}

describe("embedding encodings", () => {
  it("writes base64 as 6,144 bytes of little-endian float32 and reads it back exactly", () => {
    const v = sample();
    const text = embeddingToBase64(v);
    const bytes = Buffer.from(text, "base64");
    expect(bytes.byteLength).toBe(6144);
    expect([...bytes.subarray(0, 8)]).toEqual([0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x20, 0xc0]); // 1.0, -2.5
    expect(Array.from(embeddingFromBase64(text))).toEqual(Array.from(v));
  });

  it("gives the API value for each embedding_format", () => {
    const v = sample();
    const json = encodeEmbedding(v, "json");
    expect(Array.isArray(json) && json.length).toBe(EMBEDDING_DIMENSIONS);
    expect((json as number[])[1]).toBe(-2.5);
    expect((json as number[])[2]).toBe(0.0168571975); // sin(0.74) / 40 as float32 (0.016857197508…), in 9 digits
    expect(Array.from(Float32Array.from(json as number[]))).toEqual(Array.from(v)); // exact after a round trip
    expect(encodeEmbedding(v, "base64")).toBe(embeddingToBase64(v));
  });

  it("round-trips the sqlite-vec blob, also from a view into a larger buffer", () => {
    const v = sample();
    const blob = embeddingToBlob(v);
    expect(blob.byteLength).toBe(6144);
    expect(Array.from(embeddingFromBlob(blob))).toEqual(Array.from(v));
    const padded = Buffer.concat([Buffer.from([1, 2, 3]), blob]).subarray(3);
    expect(Array.from(embeddingFromBlob(padded))).toEqual(Array.from(v));
  });

  it("rejects data of the wrong length with a clear error", () => {
    expect(() => embeddingFromBase64(Buffer.alloc(100).toString("base64"))).toThrow(
      /100 bytes, expected 6144/,
    );
    expect(() => embeddingFromBlob(new Uint8Array(6140))).toThrow(/6140 bytes, expected 6144/);
  });
});
