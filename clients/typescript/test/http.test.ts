// Retries, timeouts and error mapping of the transport, against a scripted HTTP peer on loopback (the real server
// cannot be made to answer 503 or to stall on demand).
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import {
  ConnectionError,
  encodeQuery,
  Lede,
  NotFoundError,
  parseRetryAfter,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../src/index";
import { freePort } from "./support/server";

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function scripted(replies: Reply[]) {
  const seen: Array<{ at: number; headers: http.IncomingHttpHeaders; url: string }> = [];
  const server = http.createServer((req, res) => {
    seen.push({ at: Date.now(), headers: req.headers, url: req.url ?? "" });
    const reply = replies.shift() ?? { status: 500 };
    setTimeout(() => {
      res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
      res.end(reply.body ?? "");
    }, reply.delayMs ?? 0);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const apiError = (code: string, status: number, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  body: JSON.stringify({ error: { code, message: code, status, request_id: `req_${code}` } }),
});
const OK: Reply = { status: 200, body: '{"total_articles":1}' };

describe("transport", () => {
  it("retries a 429 after the Retry-After seconds", async () => {
    const s = await scripted([apiError("rate_limited", 429, { "Retry-After": "1" }), OK]);
    const stats = await new Lede({ apiKey: "k", baseUrl: s.url }).getStats();
    expect(stats).toEqual({ total_articles: 1 });
    expect(s.seen).toHaveLength(2);
    expect(s.seen[1]!.at - s.seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(s.seen[0]!.headers.authorization).toBe("Bearer k");
  });

  it("backs off on 503 with a growing delay, then throws the error", async () => {
    const s = await scripted([
      apiError("service_unavailable", 503),
      apiError("service_unavailable", 503),
      apiError("service_unavailable", 503),
    ]);
    const err = await new Lede({ apiKey: "k", baseUrl: s.url, maxRetries: 2, backoffBaseMs: 200 })
      .getStats()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({
      code: "service_unavailable",
      status: 503,
      requestId: "req_service_unavailable",
    });
    expect(s.seen).toHaveLength(3);
    const gaps = [s.seen[1]!.at - s.seen[0]!.at, s.seen[2]!.at - s.seen[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(190);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
  });

  it("does not wait for a Retry-After beyond the limit (quota_exhausted)", async () => {
    const s = await scripted([apiError("quota_exhausted", 429, { "Retry-After": "86400" })]);
    const started = Date.now();
    const err = await new Lede({ apiKey: "k", baseUrl: s.url }).getStats().catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ code: "quota_exhausted", retryAfter: 86400 });
    expect(s.seen).toHaveLength(1);
  });

  it("does not retry other errors", async () => {
    const s = await scripted([apiError("not_found", 404), OK]);
    await expect(new Lede({ apiKey: "k", baseUrl: s.url }).getEntity(1)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(s.seen).toHaveLength(1);
  });

  it("times out a slow answer", async () => {
    const s = await scripted([{ ...OK, delayMs: 2000 }]);
    const err = await new Lede({ apiKey: "k", baseUrl: s.url, timeoutMs: 300, maxRetries: 0 })
      .getStats()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ code: "timeout", status: 0 });
  });

  it("reports an unreachable server as a connection error", async () => {
    const err = await new Lede({
      apiKey: "k",
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      maxRetries: 0,
    })
      .getStats()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ code: "connection_error", status: 0 });
  });

  it("keeps the status and request id of a body that is not an API error", async () => {
    const s = await scripted([
      { status: 502, headers: { "X-Request-Id": "req_proxy" }, body: "<html>bad gateway</html>" },
    ]);
    const err = await new Lede({ apiKey: "k", baseUrl: s.url }).getStats().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "http_502", status: 502, request_id: "req_proxy" });
  });

  it("honours the caller's abort signal", async () => {
    const s = await scripted([{ ...OK, delayMs: 2000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 100);
    await expect(
      new Lede({ apiKey: "k", baseUrl: s.url }).getStats({ signal: controller.signal }),
    ).rejects.toThrow("stop");
  });

  it("sends tickers of listStories and listItems as one comma-separated parameter", async () => {
    const s = await scripted([
      { status: 200, body: '{"stories":[],"total":0,"has_more":false}' },
      { status: 200, body: '{"items":[],"total":0,"offset":0,"limit":20}' },
    ]);
    const lede = new Lede({ apiKey: "k", baseUrl: s.url });
    await lede.listStories({ tickers: ["AAPL", "BTC"] });
    await lede.listItems({ tickers: ["AAPL", "BTC"], category: "business" });
    const sent = s.seen.map((r) => decodeURIComponent(r.url));
    expect(sent).toEqual(["/v1/stories?tickers=AAPL,BTC", "/v1/items?tickers=AAPL,BTC&category=business"]);
  });

  it("encodes queries as the contract says", () => {
    expect(
      encodeQuery({ topics: ["articles", "stories"], include_embeddings: true, cursor: undefined, q: "a b" }),
    ).toBe("?topics=articles%2Cstories&include_embeddings=true&q=a+b");
    expect(parseRetryAfter("7")).toBe(7);
    expect(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThan(28);
    expect(parseRetryAfter("soon")).toBeNull();
  });
});
