import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import { COMPRESS_MIN_BYTES, PreparedJson } from "../serving/prepared-json";
import { jsonResponse } from "./prepared-body";

const big = { items: Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Headline number ${i}` })) };

describe("jsonResponse", () => {
  it("sends a large body compressed as asked, and it decodes to the same JSON", async () => {
    const body = PreparedJson.of(big);
    expect(body.json.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = jsonResponse(body, "gzip, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(body.json.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(brBytes).toString())).toEqual(big);

    const gz = jsonResponse(body, "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);

    const plain = jsonResponse(body, null);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it("leaves a small body uncompressed", async () => {
    const res = jsonResponse(PreparedJson.of({ ok: true }), "br");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });
});
