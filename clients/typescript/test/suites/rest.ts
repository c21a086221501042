// Every REST operation (31 of 31) through the client against the real server; each result is parsed with the
// server's response schema.
import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  AuthenticationError,
  BadRequestError,
  Lede,
  NotFoundError,
  OPERATIONS,
  PermissionDeniedError,
  RateLimitError,
  type CallParts,
  type OperationId,
  type RequestOptions,
} from "../../src/index";
import { expectShape } from "../support/schemas";
import type { TestServer } from "../support/server";

const DAY = 86_400_000;
const DEMO_KEY = `lede_test_${createHash("sha256").update("lede public sandbox demo key, v1").digest("hex")}`;

const window = () => {
  const now = Date.now();
  return { from: now - 2 * DAY, to: now + 60_000 };
};

const CALLED = new Set<string>();

/** A client that notes which operations went through it, to show all 31 are covered. */
class RecordingLede extends Lede {
  override call<K extends OperationId>(operation: K, parts?: CallParts<K>, options?: RequestOptions) {
    CALLED.add(operation);
    return super.call(operation, parts, options);
  }
}

export function restSuite(server: () => TestServer): void {
  let client: RecordingLede;
  const lede = () => (client ??= new RecordingLede({ apiKey: server().keys.pro, baseUrl: server().baseUrl }));
  const firstStory = async () => (await lede().listStories({ limit: 1 })).stories[0]!;
  const firstArticle = async () => (await lede().listItems({ limit: 1 })).items[0]!;
  const firstEntity = async () => (await lede().listEntities({ limit: 1 })).entities[0]!;

  describe("stories", () => {
    it("listStories", async () => {
      const page = await lede().listStories({ limit: 5 });
      expectShape("listStories", page);
      expect(page.stories.length).toBeGreaterThan(0);
      expect(page.has_more).toBe(page.stories.length < page.total);
      const category = page.stories[0]!.category;
      const filtered = await lede().listStories({ category });
      expect(filtered.stories.every((s) => s.category === category)).toBe(true);
    });

    it("listStories and listItems keep what carries one of `tickers`; a malformed symbol is a 400", async () => {
      // The simulated day's crypto stories name Dogecoin; no story names Bitcoin.
      const symbols = ["DOGE", "BTC"];
      const about = (tickers: Array<{ symbol: string }>) => tickers.some((t) => symbols.includes(t.symbol));
      const stories = await lede().listStories({ tickers: symbols, limit: 100 });
      expectShape("listStories", stories);
      expect(stories.stories.length).toBeGreaterThan(0);
      expect(stories.stories.every((s) => about(s.tickers))).toBe(true);
      const items = await lede().listItems({ tickers: ["doge", "btc"], limit: 100 });
      expectShape("listItems", items);
      expect(items.items.length).toBeGreaterThan(0);
      expect(items.items.every((a) => about(a.tickers))).toBe(true);
      expect(items.total).toBeLessThan((await lede().listItems({ limit: 1 })).total);
      const err = await lede()
        .listItems({ tickers: ["AAPL", "$BTC"] })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err).toMatchObject({ code: "invalid_parameter", status: 400 });
    });

    it("listRankedStories", async () => {
      const page = await lede().listRankedStories({ limit: 3, include_embeddings: true });
      expectShape("listRankedStories", page);
      expect(page.stories.length).toBeGreaterThan(0);
      expect(page.stories[0]).toHaveProperty("embedding");
    });

    it("getStory by id and by slug", async () => {
      const summary = await firstStory();
      const story = await lede().getStory(summary.id);
      expectShape("getStory", story);
      expect(story.articles).toHaveLength(story.article_count);
      expect((await lede().getStory(summary.slug)).id).toBe(summary.id);
      expectShape(
        "getStory",
        await lede().getStory(summary.id, { include_embeddings: true, embedding_format: "base64" }),
      );
    });

    it("listStoryDevelopments", async () => {
      const { events } = await lede().backtest({ ...window(), types: ["story.development"], limit: 1 });
      expect(events).toHaveLength(1);
      const result = await lede().listStoryDevelopments(events[0]!.cluster_id);
      expectShape("listStoryDevelopments", result);
      expect(result.count).toBe(result.developments.length);
      expect(result.count).toBeGreaterThan(0);
    });

    it("getStoryUpdates", async () => {
      const story = await lede().getStory((await firstStory()).id);
      const report = await lede().getStoryUpdates(story.id, { since_ms: story.first_seen });
      expectShape("getStoryUpdates", report);
      expect(report.cluster_id).toBe(story.id);
      const future = await lede().getStoryUpdates(story.slug, { since_ms: Date.now() + DAY });
      expect(future.significance).toBe("none");
    });
  });

  describe("articles", () => {
    it("listItems", async () => {
      const page = await lede().listItems({
        limit: 10,
        sort_by: "published",
        sort_order: "asc",
        include_embeddings: true,
      });
      expectShape("listItems", page);
      const times = page.items.map((a) => a.published_at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(page.items[0]!.embedding_model).toBeTruthy();
    });

    it("getItem by url_hash and slug; both at once is a 400", async () => {
      const article = await firstArticle();
      const byHash = await lede().getItem({ url_hash: article.url_hash });
      expectShape("getItem", byHash);
      expect(byHash.item.id).toBe(article.id);
      expect((await lede().getItem({ slug: article.slug })).item.id).toBe(article.id);
      const err = await lede()
        .getItem({ url_hash: article.url_hash, slug: article.slug })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err).toMatchObject({ code: "invalid_parameter", status: 400 });
    });

    it("getContent", async () => {
      const article = await firstArticle();
      const content = await lede().getContent({ url_hash: article.url_hash, max_chars: 500 });
      expectShape("getContent", content);
      expect(content.url_hash).toBe(article.url_hash);
      // Page extraction is off in the test server: the contract's 200 with ok=false.
      expect(content.ok).toBe(false);
    });

    it("listRelated", async () => {
      const article = await firstArticle();
      const related = await lede().listRelated({ url_hash: article.url_hash, limit: 5 });
      expectShape("listRelated", related);
      expect(related.length).toBeGreaterThan(0);
      expect(related.map((a) => a.url_hash)).not.toContain(article.url_hash);
    });
  });

  describe("search and vectors", () => {
    it("search", async () => {
      const word = (await firstStory()).headline.split(" ")[0]!;
      const result = await lede().search({ q: word, limit: 5 });
      expectShape("search", result);
      expect(result.total).toBeGreaterThan(0);
    });

    it("searchFull", async () => {
      const word = (await firstStory()).headline.split(" ")[0]!;
      const result = await lede().searchFull({ q: word, limit: 5 });
      expectShape("searchFull", result);
      expect(result.results.length).toBeGreaterThan(0);
    });

    it("suggest", async () => {
      const entity = await firstEntity();
      const result = await lede().suggest({ q: entity.name.slice(0, 3), limit: 8 });
      expectShape("suggest", result);
      expect(result.suggestions).toContain(entity.name);
    });

    it("vectorSearch finds the article its vector came from", async () => {
      const article = await firstArticle();
      const { embedding } = await lede().getEmbedding({ type: "article", id: article.url_hash });
      expect(Array.isArray(embedding)).toBe(true);
      const result = await lede().vectorSearch({
        embedding: embedding as number[],
        types: ["article", "story"],
        limit: 10,
      });
      expectShape("vectorSearch", result);
      // A wire copy of the same text has the same vector: the article is among the hits at similarity 1, first or tied.
      expect(result.articles[0]!.similarity).toBeCloseTo(1, 4);
      const exact = result.articles.filter((a) => Math.abs(a.similarity - 1) < 1e-4).map((a) => a.url_hash);
      expect(exact).toContain(article.url_hash);
    });

    it("getEmbedding as numbers and as base64", async () => {
      const story = await firstStory();
      const json = await lede().getEmbedding({ type: "story", id: String(story.id) });
      expectShape("getEmbedding", json);
      expect(json.dimensions).toBe(1536);
      const b64 = await lede().getEmbedding({ type: "story", id: String(story.id), format: "base64" });
      expectShape("getEmbedding", b64);
      expect(typeof b64.embedding).toBe("string");
    });
  });

  describe("entities and graphs", () => {
    it("listEntities", async () => {
      const page = await lede().listEntities({ type: "person", limit: 5 });
      expectShape("listEntities", page);
      expect(page.entities.length).toBeGreaterThan(0);
      expect(page.entities.every((e) => e.type === "person")).toBe(true);
    });

    it("listPoliticians", async () => {
      const page = await lede().listPoliticians({ limit: 5 });
      expectShape("listPoliticians", page);
      expect(page.entities.every((e) => e.subcategory === "politician")).toBe(true);
    });

    it("listTrendingEntities", async () => {
      const result = await lede().listTrendingEntities({ limit: 3 });
      expectShape("listTrendingEntities", result);
      expect(result.entities.length).toBeGreaterThan(0);
    });

    it("getEntity by id and slug", async () => {
      const first = await firstEntity();
      const entity = await lede().getEntity(first.id);
      expectShape("getEntity", entity);
      expect(entity).toEqual(first);
      expect((await lede().getEntity(first.slug)).id).toBe(first.id);
    });

    it("listEntityArticles", async () => {
      const entity = await firstEntity();
      const page = await lede().listEntityArticles(entity.id, { limit: 5 });
      expectShape("listEntityArticles", page);
      expect(page.total).toBe(entity.article_count);
    });

    it("getEntityNetwork", async () => {
      const entity = await firstEntity();
      const graph = await lede().getEntityNetwork({ entity_id: entity.id, depth: 1, limit: 10 });
      expectShape("getEntityNetwork", graph);
      expect(graph.nodes.map((n) => n.id)).toContain(entity.id);
      expect(graph.edges.length).toBeGreaterThan(0);
    });

    it("getStoryEntityGraph", async () => {
      const story = await firstStory();
      const graph = await lede().getStoryEntityGraph({ story_id: story.id, limit: 5 });
      expectShape("getStoryEntityGraph", graph);
      expect(graph.story.id).toBe(story.id);
    });

    it("listTopicClusters", async () => {
      const result = await lede().listTopicClusters({ limit: 3 });
      expectShape("listTopicClusters", result);
      expect(result.count).toBe(result.topics.length);
      const one = await lede().listTopicClusters({ topic_id: result.topics[0]!.id });
      expect(one.topics.map((t) => t.id)).toEqual([result.topics[0]!.id]);
    });
  });

  describe("sources and taxonomy", () => {
    it("listSourceRankings", async () => {
      const result = await lede().listSourceRankings();
      expectShape("listSourceRankings", result);
      const scores = result.rankings.map((r) => r.overall_score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it("listSources", async () => {
      const sources = await lede().listSources();
      expectShape("listSources", sources);
      expect(sources.length).toBe((await lede().getStats()).total_sources);
    });

    it("listCategories", async () => {
      const categories = await lede().listCategories();
      expectShape("listCategories", categories);
      expect(categories).toContain("business");
    });

    it("listTags", async () => {
      const tags = await lede().listTags();
      expectShape("listTags", tags);
      expect(tags.length).toBeGreaterThan(0);
    });
  });

  describe("backtest", () => {
    it("backtest, and iterBacktest walks the cursor across pages", async () => {
      const whole = await lede().backtest({ ...window(), limit: 5000 });
      expectShape("backtest", whole);
      expect(whole.has_more).toBe(false);
      const walked: number[] = [];
      for await (const e of lede().iterBacktest({ ...window(), pageSize: 200 })) walked.push(e.id);
      expect(walked).toEqual(whole.events.map((e) => e.id));
      expect(walked.length).toBeGreaterThan(400);
    });

    it("backtestWithFilters with an embedding filter, and its iterator", async () => {
      const article = await firstArticle();
      const { embedding } = await lede().getEmbedding({ type: "article", id: article.url_hash });
      const result = await lede().backtestWithFilters({
        ...window(),
        topics: ["articles"],
        embedding_filters: [{ embedding, threshold: 0.99, label: "this one" }],
        limit: 50,
      });
      expectShape("backtestWithFilters", result);
      expect(result.events.length).toBeGreaterThan(0);
      expect(result.events.every((e) => (e.similarity ?? 0) >= 0.99)).toBe(true);
      expect(result.meta.filters_applied.embedding_filters).toEqual(["this one"]);
      let n = 0;
      for await (const e of lede().iterBacktestWithFilters({
        ...window(),
        topics: ["articles"],
        pageSize: 100,
      })) {
        expect(["item.new", "item.enriched"]).toContain(e.event_type);
        n++;
      }
      expect(n).toBeGreaterThan(100);
    });
  });

  describe("account and meta", () => {
    it("getUsage", async () => {
      const usage = await lede().getUsage();
      expectShape("getUsage", usage);
      expect(usage.tier).toBe("pro");
      expectShape("getUsage", await lede().getUsage({ from: Date.now() - DAY, to: Date.now() }));
    });

    it("getStats", async () => {
      const stats = await lede().getStats();
      expectShape("getStats", stats);
      expect(stats.total_articles).toBeGreaterThan(600);
    });

    it("getVersion needs no key", async () => {
      const anonymous = new RecordingLede({ apiKey: "", baseUrl: server().baseUrl });
      const version = await anonymous.getVersion();
      expectShape("getVersion", version);
      expect(version.api_major).toBe("v1");
    });

    it("covered every operation: 31 of 31", () => {
      expect(Object.keys(OPERATIONS)).toHaveLength(31);
      const missing = (Object.keys(OPERATIONS) as OperationId[]).filter((o) => !CALLED.has(o));
      expect(missing).toEqual([]);
    });
  });

  describe("iterators and errors", () => {
    it("offset iterators walk every page", async () => {
      const { total } = await lede().listItems({ limit: 1 });
      const hashes = new Set<string>();
      for await (const a of lede().iterItems({ pageSize: 100 })) hashes.add(a.url_hash);
      expect(hashes.size).toBe(total);
      let stories = 0;
      for await (const _ of lede().iterStories({ pageSize: 7 })) stories++;
      expect(stories).toBe((await lede().listStories({ limit: 1 })).total);
      const orgs = [];
      for await (const e of lede().iterEntities({ type: "org", pageSize: 13 })) orgs.push(e);
      expect(orgs.length).toBe((await lede().listEntities({ type: "org", limit: 1 })).total);
      let articles = 0;
      for await (const _ of lede().iterEntityArticles(orgs[0]!.id, { pageSize: 4 })) articles++;
      expect(articles).toBe(orgs[0]!.article_count);
      let politicians = 0;
      for await (const _ of lede().iterPoliticians({ pageSize: 2 })) politicians++;
      expect(politicians).toBe((await lede().listPoliticians({ limit: 1 })).total);
      let results = 0;
      for await (const _ of lede().iterSearchFull({ q: "shares", pageSize: 10 })) results++;
      expect(results).toBe((await lede().searchFull({ q: "shares", limit: 1 })).total);
    });

    it("errors carry code, status and request_id", async () => {
      const notFound = await lede()
        .getStory(999_999)
        .catch((e: unknown) => e);
      expect(notFound).toBeInstanceOf(NotFoundError);
      expect(notFound).toMatchObject({ code: "not_found", status: 404, details: { resource: "story" } });
      expect((notFound as NotFoundError).request_id).toMatch(/\S/);
      const range = await lede()
        .listStories({ limit: 500 })
        .catch((e: unknown) => e);
      expect(range).toMatchObject({ code: "parameter_out_of_range", status: 400 });
      const badKey = await new Lede({ apiKey: `lede_live_${"0".repeat(64)}`, baseUrl: server().baseUrl })
        .getStats()
        .catch((e: unknown) => e);
      expect(badKey).toBeInstanceOf(AuthenticationError);
      expect(badKey).toMatchObject({ code: "invalid_api_key", status: 401 });
      const tier = await new Lede({ apiKey: server().keys.free, baseUrl: server().baseUrl })
        .backtest(window())
        .catch((e: unknown) => e);
      expect(tier).toBeInstanceOf(PermissionDeniedError);
      expect(tier).toMatchObject({ code: "tier_required", details: { required_tier: "pro" } });
    });

    it("a 429 carries Retry-After (the demo key's 5 requests a minute)", async () => {
      const demo = new Lede({ apiKey: DEMO_KEY, baseUrl: server().baseUrl, maxRetries: 0 });
      const restricted = await demo.getUsage().catch((e: unknown) => e);
      expect(restricted).toMatchObject({ code: "demo_key_restricted", status: 403 });
      let error: unknown;
      for (let i = 0; i < 6 && !error; i++)
        error = await demo.getStats().then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(RateLimitError);
      const e = error as RateLimitError;
      expect(e.code).toBe("rate_limited");
      expect(e.retryAfter).toBeGreaterThan(0);
      expect(e.retryAfter).toBeLessThanOrEqual(60);
    });

    it("the base URL and key come from the environment", async () => {
      const saved = { url: process.env.LEDE_API_URL, key: process.env.LEDE_API_KEY };
      process.env.LEDE_API_URL = server().baseUrl;
      process.env.LEDE_API_KEY = server().keys.pro;
      try {
        expect((await new Lede().getUsage()).tier).toBe("pro");
      } finally {
        process.env.LEDE_API_URL = saved.url;
        process.env.LEDE_API_KEY = saved.key;
        if (saved.url === undefined) delete process.env.LEDE_API_URL;
        if (saved.key === undefined) delete process.env.LEDE_API_KEY;
      }
    });
  });
}
