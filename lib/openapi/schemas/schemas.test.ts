import { describe, expect, it } from "vitest";

import { UsageReport } from "./account";
import { Article } from "./article";
import { BacktestResponse } from "./backtest";
import { ErrorBody } from "./error";

const article = {
  id: 1,
  url_hash: "0123456789abcdef",
  title: "Volcano erupts",
  url: "https://alpha.test/1",
  source_id: 1,
  source_name: "Alpha",
  category: "world",
  published_at: 0,
  discovered_at: 1,
  excerpt: null,
  image_url: null,
  content_status: "has_content",
  headline_summary: null,
  slug: "volcano-erupts-01234567",
  tickers: [],
};

const tag = {
  symbol: "AAPL",
  name: "Apple Inc.",
  asset_class: "equity",
  confidence: 0.9,
  sentiment: "bullish",
  sentiment_score: 0.4,
  evidence: "iPhone",
};

describe("response schemas", () => {
  it("accept the contract's Article and refuse unknown fields, missing fields and values outside closed sets", () => {
    expect(Article.safeParse(article).success).toBe(true);
    expect(Article.safeParse({ ...article, title_alt: "x" }).success).toBe(false);
    const { excerpt: _, ...withoutExcerpt } = article;
    expect(Article.safeParse(withoutExcerpt).success).toBe(false);
    expect(Article.safeParse({ ...article, content_status: "pending" }).success).toBe(false);
    expect(Article.safeParse({ ...article, url_hash: "ABCDEF0123456789" }).success).toBe(false);
    expect(Article.safeParse({ ...article, published_at: 1.5 }).success).toBe(false);
    expect(Article.safeParse({ ...article, embedding: null, embedding_model: null }).success).toBe(true);
    expect(Article.safeParse({ ...article, embedding: [1, 2] }).success).toBe(false);
  });

  it("type article tickers with the contract's closed sets and bounds", () => {
    const withTag = (change: object) =>
      Article.safeParse({ ...article, tickers: [{ ...tag, ...change }] }).success;
    expect(withTag({})).toBe(true);
    const { tickers: _, ...withoutTickers } = article;
    expect(Article.safeParse(withoutTickers).success).toBe(false);
    expect(withTag({ asset_class: "bond" })).toBe(false);
    expect(withTag({ sentiment: "positive" })).toBe(false);
    expect(withTag({ sentiment_score: 1.5 })).toBe(false);
    expect(withTag({ confidence: -0.1 })).toBe(false);
    expect(withTag({ evidence: undefined })).toBe(false);
  });

  it("require pct_used to be an integer (the Python SDK rejects 12.5)", () => {
    const report = {
      key_id: "key_0123456789abcdef",
      tier: "free",
      quota: { monthly_limit: 1000, monthly_used: 125, pct_used: 12, grace_limit: 1100, resets_at_ms: 1 },
      summary: { total_requests: 0, total_bytes: 0, total_errors: 0, avg_latency_ms: 0, top_endpoints: [] },
      daily: [],
    };
    expect(UsageReport.safeParse(report).success).toBe(true);
    expect(UsageReport.safeParse({ ...report, quota: { ...report.quota, pct_used: 12.5 } }).success).toBe(
      false,
    );
  });

  it("accept only the §4.1 error body with a code of §4.2", () => {
    const error = { code: "rate_limited", message: "slow down", status: 429, request_id: "req_1" };
    expect(ErrorBody.safeParse({ error }).success).toBe(true);
    expect(ErrorBody.safeParse({ error: { ...error, code: "too_fast" } }).success).toBe(false);
    expect(ErrorBody.safeParse({ error: { ...error, status: 200 } }).success).toBe(false);
    expect(ErrorBody.safeParse({ error, extra: 1 }).success).toBe(false);
  });

  it("type backtest filters_applied as a partial map of string lists", () => {
    const page = {
      ok: true,
      events: [],
      next_cursor: 0,
      has_more: false,
      meta: { from: 0, to: 1, topics: ["articles"], filters_applied: { cluster_id: ["7"] }, event_count: 0 },
    };
    expect(BacktestResponse.safeParse(page).success).toBe(true);
    const numeric = { ...page, meta: { ...page.meta, filters_applied: { cluster_id: [7] } } };
    expect(BacktestResponse.safeParse(numeric).success).toBe(false);
  });
});
