import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { setContentFetchOptionsForTesting } from "@/lib/content/content-fetch";
import type { Article } from "@/lib/db/types";
import { loadEnv } from "@/lib/env";
import { EXTRACTION_FIXTURES, fixtureBytes, fixtureGold } from "@/lib/extraction/fixtures";
import { tokenScore } from "@/lib/extraction/token-metrics";
import { ingestArticles } from "@/lib/ingestion/ingest-articles";
import { normalizeArticle } from "@/lib/ingestion/normalize-article";
import { fetchOptionsFromEnv } from "@/lib/net/fetch-options";
import { redirectTo, respond, startTestServer, type TestServer } from "@/lib/net/test-http-server";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

// Article pages are served by a loopback server; the fetcher reaches it only through the explicit allowlist
// (LEDE_FETCH_ALLOW_PRIVATE set to exactly this server's host:port), as an operator with local feeds would.
const T0 = Date.UTC(2025, 1, 11);
const courier = EXTRACTION_FIXTURES.find((f) => f.name === "courier-council-tram")!;
let pages: TestServer;
let t: ReturnType<typeof testApiDeps>;
const articles: Record<string, Article> = {};
let flaky = 0;

beforeAll(async () => {
  pages = await startTestServer({
    "/news/tram": respond(fixtureBytes(courier)),
    "/short-link": redirectTo("/news/tram"),
    "/app-shell": respond(`<html><head><title>App</title></head><body><div id="root"></div></body></html>`),
    "/flaky": (_req, res) => {
      flaky++;
      if (flaky === 1) res.writeHead(503, { "Retry-After": "0" }).end();
      else res.writeHead(200, { "Content-Type": "text/html" }).end(fixtureBytes(courier));
    },
    "/emoji": respond(
      `<html><body><article><p>${"Fans cheered the late winner 🎉 as the whistle blew. ".repeat(8)}</p></article></body></html>`,
    ),
  });
});
afterAll(() => pages?.close());

beforeEach(async () => {
  t = testApiDeps(() => T0 + 60_000);
  setApiDepsForTesting(async () => t.deps);
  setContentFetchOptionsForTesting(
    fetchOptionsFromEnv(loadEnv({ ...process.env, LEDE_FETCH_ALLOW_PRIVATE: pages.host })),
  );
  const source = await testSource(t.store, "courier", "Eastbridge Courier", "world");
  const raws = {
    tram: { url: pages.url("/short-link"), title: "Council approves tram extension", published: T0 },
    shell: { url: pages.url("/app-shell"), title: "A page rendered by script", published: T0 },
    flaky: { url: pages.url("/flaky"), title: "Tram extension, from a flaky server", published: T0 },
    emoji: { url: pages.url("/emoji"), title: "Late winner", published: T0 },
    internal: { url: "http://10.0.0.7/admin/article", title: "Points inside the network", published: T0 },
  };
  const { inserted } = await ingestArticles(
    t,
    Object.values(raws).map((r) => normalizeArticle(r, { source, discoveredAt: T0 + 1_000 })),
  );
  Object.keys(raws).forEach((k, i) => (articles[k] = inserted[i]!));
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  setContentFetchOptionsForTesting(undefined);
  await t.cleanup();
});

const body = async (res: Response) => (await res.json()) as Record<string, unknown>;
const content = (hash: string, key: string, extra = "") =>
  GET(get(`/v1/content?url_hash=${hash}${extra}`, key));

describe("GET /v1/content", () => {
  it("extracts the page on first request, follows redirects, stores the result and charges 2 credits", async () => {
    const key = await t.key();
    const res = await content(articles.tram!.urlHash, key);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("2");
    const b = await body(res);
    expect(Object.keys(b).sort()).toEqual(
      [
        "extracted_at",
        "extracted_title",
        "final_url",
        "full_summary",
        "headline_summary",
        "image_url",
        "ok",
        "tags",
        "text",
        "thumb_url",
        "truncated",
        "url_hash",
        "video_url",
      ].sort(),
    );
    expect(b).toMatchObject({
      ok: true,
      url_hash: articles.tram!.urlHash,
      final_url: pages.url("/news/tram"),
      extracted_title: "Council approves £186m tram extension to Harrowgate",
      image_url: pages.url("/images/2025/02/tram-depot-1200.jpg"),
      video_url: null,
      extracted_at: T0 + 60_000,
      truncated: false,
      headline_summary: null,
      full_summary: null,
      tags: [],
    });
    expect(tokenScore(b.text as string, fixtureGold(courier.name)).recall).toBeGreaterThanOrEqual(0.95);

    // Stored: the article now says has_content, and a second request does not fetch the page again.
    expect((await t.store.articles.getByHash(articles.tram!.urlHash))?.contentStatus).toBe("has_content");
    const hits = pages.hits("/news/tram");
    const again = await body(await content(articles.tram!.urlHash, key));
    expect(again.text).toBe(b.text);
    expect(pages.hits("/news/tram")).toBe(hits);
  });

  it("cuts the text at max_chars and says so", async () => {
    const key = await t.key();
    const full = await body(await content(articles.tram!.urlHash, key));
    const cut = await body(await content(articles.tram!.urlHash, key, "&max_chars=100"));
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe((full.text as string).slice(0, 100));
    const exact = await body(
      await content(articles.tram!.urlHash, key, `&max_chars=${(full.text as string).length}`),
    );
    expect(exact.truncated).toBe(false);
  });

  it("never splits a character made of two UTF-16 units", async () => {
    const key = await t.key();
    const full = (await body(await content(articles.emoji!.urlHash, key))).text as string;
    const at = full.indexOf("🎉");
    const cut = await body(await content(articles.emoji!.urlHash, key, `&max_chars=${at + 1}`));
    expect(cut.text).toBe(full.slice(0, at));
    expect(cut.truncated).toBe(true);
  });

  it("answers ok:false with empty text for a page without article text", async () => {
    const res = await content(articles.shell!.urlHash, await t.key());
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      ok: false,
      text: "",
      truncated: false,
      final_url: pages.url("/app-shell"),
    });
    expect((await t.store.articles.getByHash(articles.shell!.urlHash))?.contentStatus).toBe("no_content");
  });

  it("refuses to fetch a private address and records the article as failed", async () => {
    const res = await content(articles.internal!.urlHash, await t.key());
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ ok: false, text: "", extracted_title: null, image_url: null });
    const stored = await t.store.content.get(articles.internal!.id);
    expect(stored).toMatchObject({ status: "failed" });
    expect(stored?.error).toMatch(/10\.0\.0\.7 \(private\)/);
    expect((await t.store.articles.getByHash(articles.internal!.urlHash))?.contentStatus).toBe("failed");
  });

  it("refuses the loopback page server itself without the allowlist", async () => {
    setContentFetchOptionsForTesting(
      fetchOptionsFromEnv(loadEnv({ ...process.env, LEDE_FETCH_ALLOW_PRIVATE: "" })),
    );
    const hits = pages.hits();
    const b = await body(await content(articles.tram!.urlHash, await t.key()));
    expect(b.ok).toBe(false);
    expect(pages.hits()).toBe(hits);
    expect((await t.store.content.get(articles.tram!.id))?.error).toMatch(/loopback/);
  });

  it("retries a transient server error before giving up", async () => {
    flaky = 0;
    const b = await body(await content(articles.flaky!.urlHash, await t.key()));
    expect(b.ok).toBe(true);
    expect(flaky).toBe(2);
  });

  it("answers 404 for an unknown article and 400 for bad parameters, charging nothing", async () => {
    const key = await t.key();
    const unknown = await content("0123456789abcdef", key);
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).error).toMatchObject({
      code: "not_found",
      details: { resource: "article" },
    });
    expect(unknown.headers.get("X-Credits-Cost")).toBe("0");

    const missing = await GET(get("/v1/content", key));
    expect((await body(missing)).error).toMatchObject({
      code: "missing_parameter",
      details: { param: "url_hash" },
    });
    const malformed = await content("not-a-hash", key);
    expect((await body(malformed)).error).toMatchObject({
      code: "invalid_parameter",
      details: { param: "url_hash" },
    });
    for (const [v, bound] of [
      ["0", { min: 1 }],
      ["200001", { max: 200_000 }],
    ] as const) {
      const res = await content(articles.tram!.urlHash, key, `&max_chars=${v}`);
      expect(res.status).toBe(400);
      expect((await body(res)).error).toMatchObject({
        code: "parameter_out_of_range",
        details: { param: "max_chars", ...bound },
      });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    const word = await content(articles.tram!.urlHash, key, "&max_chars=lots");
    expect((await body(word)).error).toMatchObject({
      code: "invalid_parameter",
      details: { param: "max_chars" },
    });
  });

  it("accepts an upper-case url_hash", async () => {
    const res = await content(articles.shell!.urlHash.toUpperCase(), await t.key());
    expect(res.status).toBe(200);
    expect((await body(res)).url_hash).toBe(articles.shell!.urlHash);
  });

  it("answers 401 without a key", async () => {
    const res = await GET(get(`/v1/content?url_hash=${articles.tram!.urlHash}`));
    expect(res.status).toBe(401);
    expect((await body(res)).error).toMatchObject({ code: "missing_api_key" });
  });
});
