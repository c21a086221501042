import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Article } from "../db/types";
import { EXTRACTION_FIXTURES, fixtureBytes } from "../extraction/fixtures";
import { ingestArticles } from "../ingestion/ingest-articles";
import { normalizeArticle } from "../ingestion/normalize-article";
import { parseAllowList } from "../net";
import { respond, startTestServer, type TestServer } from "../net/test-http-server";
import { tempStore, testSource } from "../testing/temp-store";
import { ContentExtractor } from "./content-extractor";
import { FAILED_RETRY_AFTER_MS, getContent, GetContentQuery } from "./get-content";

const page = fixtureBytes(EXTRACTION_FIXTURES.find((f) => f.name === "tribune-heatwave-grid")!);
let server: TestServer;
let store: ReturnType<typeof tempStore>;
let down = true;
let article: Article;
let clock = 0;

beforeAll(async () => {
  server = await startTestServer({
    "/story": (_req, res) =>
      down ? res.writeHead(404).end() : res.writeHead(200, { "Content-Type": "text/html" }).end(page),
    "/feed-image-story": respond(page),
  });
});
afterAll(() => server?.close());
beforeEach(async () => {
  store = tempStore();
  clock = 1_000_000;
  down = true;
  const source = await testSource(store);
  const { inserted } = await ingestArticles({ store }, [
    normalizeArticle({ url: server.url("/story"), title: "Heatwave" }, { source, discoveredAt: 1 }),
    normalizeArticle(
      {
        url: server.url("/feed-image-story"),
        title: "Heatwave again",
        imageUrl: "https://feed.test/own.jpg",
      },
      { source, discoveredAt: 2 },
    ),
  ]);
  article = inserted[0]!;
});
afterEach(() => store.cleanup());

const ctx = () => ({
  store,
  now: () => clock,
  extractor: new ContentExtractor({
    store,
    fetchOptions: () => ({ allow: parseAllowList(server.host) }),
    retryDelaysMs: [],
  }),
});
const query = (urlHash: string, maxChars?: number) =>
  GetContentQuery.parse({ url_hash: urlHash, ...(maxChars ? { max_chars: String(maxChars) } : {}) });

describe("getContent", () => {
  it("tries a failed page again only after the retry interval", async () => {
    const c = ctx();
    expect((await getContent(c, query(article.urlHash))).ok).toBe(false);
    down = false;
    clock += FAILED_RETRY_AFTER_MS - 1;
    expect((await getContent(c, query(article.urlHash))).ok).toBe(false);
    expect(server.hits("/story")).toBe(1);
    clock += 1;
    const later = await getContent(c, query(article.urlHash));
    expect(later.ok).toBe(true);
    expect(later.extracted_at).toBe(clock);
    expect(server.hits("/story")).toBe(2);
  });

  it("serves the stored summaries and tags, highest score first", async () => {
    down = false;
    const c = ctx();
    await getContent(c, query(article.urlHash));
    store.db
      .prepare("UPDATE article_content SET full_summary = ? WHERE article_id = ?")
      .run("Longer summary.", article.id);
    store.db
      .prepare("UPDATE articles SET headline_summary = ? WHERE id = ?")
      .run("Grid strained.", article.id);
    const tag = store.db.prepare("INSERT INTO article_tags (article_id, tag, score) VALUES (?, ?, ?)");
    tag.run(article.id, "energy", 0.4);
    tag.run(article.id, "heatwave", 0.9);
    const res = await getContent(c, query(article.urlHash));
    expect(res).toMatchObject({ headline_summary: "Grid strained.", full_summary: "Longer summary." });
    expect(res.tags).toEqual([
      { tag: "heatwave", score: 0.9 },
      { tag: "energy", score: 0.4 },
    ]);
  });

  it("keeps the full summary when a page is extracted again, and indexes the text for search", async () => {
    const c = ctx();
    await getContent(c, query(article.urlHash));
    store.db.prepare("UPDATE article_content SET full_summary = 'kept' WHERE article_id = ?").run(article.id);
    down = false;
    clock += FAILED_RETRY_AFTER_MS;
    await getContent(c, query(article.urlHash));
    expect((await store.content.get(article.id))?.fullSummary).toBe("kept");
    const hit = store.db
      .prepare("SELECT rowid FROM articles_fts WHERE articles_fts MATCH 'gigawatts'")
      .all() as Array<{ rowid: number }>;
    expect(hit.map((h) => h.rowid)).toEqual([article.id]);
  });

  it("gives an article the page's image only when its feed had none", async () => {
    down = false;
    const c = ctx();
    await getContent(c, query(article.urlHash));
    const other = (
      await store.articles.list({ limit: 10, offset: 0, sortBy: "discovered", sortOrder: "asc" })
    ).items[1]!;
    await getContent(c, query(other.urlHash));
    expect((await store.articles.getByHash(article.urlHash))?.imageUrl).toBe(
      "https://cdn.metrotribune.example/media/2025/07/pylons-sunset.jpg?w=1200",
    );
    expect((await store.articles.getByHash(other.urlHash))?.imageUrl).toBe("https://feed.test/own.jpg");
  });

  it("throws not_found for an unknown article", async () => {
    await expect(getContent(ctx(), query("ffffffffffffffff"))).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
  });
});
