import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import { COMPRESS_MIN_BYTES, negotiateEncoding, PreparedJson } from "./prepared-json";

const big = { items: Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Headline number ${i}` })) };

describe("negotiateEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and *", () => {
    expect(negotiateEncoding(null)).toBe("identity");
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip;q=0.8, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBe("identity");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBe("identity");
  });
});

describe("PreparedJson", () => {
  it("encodes a large body as asked, decoding to the same JSON, and leaves a small one as it is", () => {
    const body = PreparedJson.of(big);
    expect(body.json.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = body.body("br");
    expect(br.encoding).toBe("br");
    expect(br.bytes.length).toBeLessThan(body.json.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString())).toEqual(big);
    const gz = body.body("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString())).toEqual(big);
    expect(body.body("identity").bytes).toBe(body.json);
    const small = PreparedJson.of({ ok: true }).body("br");
    expect(small.encoding).toBe("identity");
    expect(JSON.parse(small.bytes.toString())).toEqual({ ok: true });
  });

  it("compresses a prepared body once per encoding", () => {
    const body = PreparedJson.of(big);
    expect(body.body("gzip").bytes).toBe(body.body("gzip").bytes);
    expect(body.body("br").bytes).not.toBe(body.body("gzip").bytes);
  });
});
