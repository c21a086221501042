import { describe, expect, it } from "vitest";

import { negotiateEncoding, PreparedJson } from "./prepared-json";

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
  it("compresses a prepared body once per encoding", () => {
    const body = PreparedJson.of(big);
    expect(body.body("gzip").bytes).toBe(body.body("gzip").bytes);
    expect(body.body("br").bytes).not.toBe(body.body("gzip").bytes);
  });
});
