import type http from "node:http";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Article } from "../db/types";
import { EXTRACTION_FIXTURES, fixtureBytes } from "../extraction/fixtures";
import { ingestArticles } from "../ingestion/ingest-articles";
import { normalizeArticle } from "../ingestion/normalize-article";
import { parseAllowList } from "../net";
import { respond, startTestServer, type TestServer } from "../net/test-http-server";
import { tempStore, testSource } from "../testing/temp-store";
import { ContentExtractor } from "./content-extractor";

const page = fixtureBytes(EXTRACTION_FIXTURES.find((f) => f.name === "herald-microplastics-related")!);
let server: TestServer;
let store: ReturnType<typeof tempStore>;
let active = 0;
let peak = 0;
let failuresLeft = 0;
const held: Array<() => void> = [];

/** Answers only when the test releases it, counting how many requests are open at once. */
function heldPage(_req: http.IncomingMessage, res: http.ServerResponse) {
  active++;
  peak = Math.max(peak, active);
  held.push(() => {
    active--;
    res.writeHead(200, { "Content-Type": "text/html" }).end(page);
  });
}

beforeAll(async () => {
  server = await startTestServer({
    "/held": heldPage,
    "/ok": respond(page),
    "/sometimes": (_req, res) => {
      if (failuresLeft-- > 0) res.writeHead(502).end();
      else res.writeHead(200, { "Content-Type": "text/html" }).end(page);
    },
    "/busy": (_req, res) => res.writeHead(503, { "Retry-After": "3600" }).end(),
  });
});
afterAll(() => server?.close());
beforeEach(() => {
  store = tempStore();
  active = 0;
  peak = 0;
});
afterEach(() => store.cleanup());

async function articlesAt(paths: string[]): Promise<Article[]> {
  const source = await testSource(store);
  const { inserted } = await ingestArticles(
    { store },
    paths.map((p, i) =>
      normalizeArticle(
        { url: server.url(`${p}?n=${i}`), title: `Story ${i}` },
        { source, discoveredAt: 1_000 + i },
      ),
    ),
  );
  return inserted;
}

function extractor(extra: Partial<ConstructorParameters<typeof ContentExtractor>[0]> = {}) {
  const sleeps: number[] = [];
  const x = new ContentExtractor({
    store,
    fetchOptions: () => ({ allow: parseAllowList(server.host) }),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => 5_000,
    ...extra,
  });
  return { x, sleeps };
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
};

describe("ContentExtractor", () => {
  it("never runs more fetches at once than its concurrency", async () => {
    const list = await articlesAt(Array.from({ length: 7 }, () => "/held"));
    const { x } = extractor({ concurrency: 3 });
    const jobs = list.map((a) => x.extract(a));
    await until(() => held.length === 3);
    expect(x.pending).toBe(7);
    while (held.length > 0 || active > 0) {
      held.shift()?.();
      await new Promise((r) => setTimeout(r, 10));
    }
    const records = await Promise.all(jobs);
    expect(records.map((r) => r.status)).toEqual(Array(7).fill("has_content"));
    expect(peak).toBe(3);
    expect(x.pending).toBe(0);
  });

  it("shares one extraction between concurrent requests for the same article", async () => {
    const [a] = await articlesAt(["/ok"]);
    const { x } = extractor();
    const before = server.hits("/ok");
    const [r1, r2] = await Promise.all([x.extract(a!), x.extract(a!)]);
    expect(server.hits("/ok") - before).toBe(1);
    expect(r1).toEqual(r2);
    expect(r1).toMatchObject({ status: "has_content", extractedAt: 5_000, fullSummary: null });
  });

  it("retries transient failures with growing delays, then stores the success", async () => {
    const [a] = await articlesAt(["/sometimes"]);
    failuresLeft = 2;
    const { x, sleeps } = extractor({ retryDelaysMs: [100, 400] });
    const r = await x.extract(a!);
    expect(r.status).toBe("has_content");
    expect(sleeps).toEqual([100, 400]);
  });

  it("marks the article failed once the retries are spent", async () => {
    const [a] = await articlesAt(["/sometimes"]);
    failuresLeft = 10;
    const { x, sleeps } = extractor({ retryDelaysMs: [100, 400] });
    const r = await x.extract(a!);
    expect(r).toMatchObject({ status: "failed", text: "" });
    expect(r.error).toMatch(/HTTP 502/);
    expect(sleeps).toHaveLength(2);
    expect((await store.articles.getByHash(a!.urlHash))?.contentStatus).toBe("failed");
  });

  it("gives up at once when the server asks for a wait longer than it will honour", async () => {
    const [a] = await articlesAt(["/busy"]);
    const { x, sleeps } = extractor({ maxRetryAfterMs: 60_000 });
    expect((await x.extract(a!)).status).toBe("failed");
    expect(sleeps).toEqual([]);
  });
});
