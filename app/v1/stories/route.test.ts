import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { TEXT_ONLY_PARAMS } from "@/lib/clustering/clusterer";
import { runPipeline } from "@/lib/ingestion/pipeline";
import { StoryClustering } from "@/lib/stories/story-clustering";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { putArticleVector, putStoryVector, towardAxis0 } from "@/lib/vectors/test-fixtures";

import { GET as getStory } from "./[id]/route";
import { GET as rankedStories } from "./ranked/route";
import { GET as listStories } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 2, 4, 12);
let t: ReturnType<typeof testApiDeps>;
let key: string;
let clustering: StoryClustering;
let sources: Array<Awaited<ReturnType<typeof t.store.sources.ensure>>>;

beforeEach(async () => {
  t = testApiDeps(() => NOW);
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const mk = async (slug: string, name: string) =>
    t.store.sources.ensure({
      slug,
      name,
      homepage: `https://${slug}.test/`,
      country: null,
      language: "en",
      category: "world",
      logoUrl: null,
      description: null,
    });
  const [a, b] = [await mk("alpha", "Alpha News"), await mk("beta", "Beta Times")];
  sources = [a, b];
  clustering = await StoryClustering.open({ store: t.store, vectors: null, params: TEXT_ONLY_PARAMS });
  const at = (h: number) => NOW - h * H;
  const item = (n: number, title: string, source: typeof a, hoursAgo: number, category?: string) => ({
    raw: {
      url: `https://${source.slug}.test/${n}`,
      title,
      published: at(hoursAgo),
      categories: [category ?? "world"],
    },
    source,
    discoveredAt: at(hoursAgo),
  });
  await runPipeline({ store: t.store, clustering }, [
    item(1, "Old harbour strike story", a, 80),
    item(2, "Volcano erupts near Reykjavik, flights grounded", a, 5),
    item(3, "Reykjavik volcano eruption grounds flights", b, 4),
    item(4, "Flights grounded as Reykjavik volcano erupts", a, 3),
    item(5, "Central bank raises interest rates", b, 2, "business"),
  ]);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe("GET /v1/stories", () => {
  it("lists active stories, fastest first, with the list shape", async () => {
    const res = await listStories(get("/v1/stories", key));
    expect(res.status).toBe(200);
    const body = await json(res);
    const stories = body.stories as Array<Record<string, unknown>>;
    expect(body).toMatchObject({ total: 2, has_more: false });
    expect(stories.map((s) => s.article_count)).toEqual([3, 1]);
    expect(stories[0]).toMatchObject({
      headline: expect.stringContaining("volcano"),
      sources: ["Alpha News", "Beta Times"],
      top_entities: [],
      category: "world",
      first_seen: NOW - 5 * H,
      last_updated: NOW - 3 * H,
      label: null,
      image_url: null,
    });
    expect(String(stories[0]?.summary)).toMatch(/Reported in 3 articles by Alpha News and Beta Times/);
    expect(stories[0]?.slug).toMatch(new RegExp(`-${stories[0]?.id}$`));
  });

  it("filters by category and pages with has_more", async () => {
    const business = await json(await listStories(get("/v1/stories?category=business", key)));
    expect((business.stories as unknown[]).length).toBe(1);
    const page = await json(await listStories(get("/v1/stories?limit=1", key)));
    expect(page).toMatchObject({ total: 2, has_more: true });
  });

  it("shows a new article in the feed after the clustering batch that placed it, while pages are kept", async () => {
    const first = await json(await listStories(get("/v1/stories", key)));
    // The same page again comes from the kept body, byte for byte.
    expect(await json(await listStories(get("/v1/stories", key)))).toEqual(first);
    const detailBefore = await json(
      await getStory(get("/v1/stories/x", key), {
        params: Promise.resolve({ id: String((first.stories as Array<{ id: number }>)[1]!.id) }),
      }),
    );
    expect(detailBefore.article_count).toBe(1);

    // The clock does not move (the test clock is fixed): only the story-version counter can drop the kept page.
    await runPipeline({ store: t.store, clustering }, [
      {
        raw: {
          url: "https://beta.test/9",
          title: "Central bank raises interest rates again",
          published: NOW - H,
          categories: ["business"],
        },
        source: sources[1]!,
        discoveredAt: NOW - H,
      },
      {
        raw: {
          url: "https://alpha.test/10",
          title: "Wildfire forces evacuation of coastal town",
          published: NOW,
          categories: ["world"],
        },
        source: sources[0]!,
        discoveredAt: NOW,
      },
    ]);
    const after = await json(await listStories(get("/v1/stories", key)));
    expect(after.total).toBe(3);
    const stories = after.stories as Array<{
      id: number;
      headline: string;
      article_count: number;
      sources: string[];
    }>;
    expect(stories.map((s) => s.headline)).toContain("Wildfire forces evacuation of coastal town");
    const bank = stories.find((s) => /Central bank/.test(s.headline))!;
    expect(bank.article_count).toBe(2);
    const detailAfter = await json(
      await getStory(get("/v1/stories/x", key), { params: Promise.resolve({ id: String(bank.id) }) }),
    );
    expect(detailAfter.article_count).toBe(2);
    expect((detailAfter.articles as unknown[]).length).toBe(2);
  });

  it("rejects out-of-range limits", async () => {
    const res = await listStories(get("/v1/stories?limit=0", key));
    expect(res.status).toBe(400);
    expect(((await json(res)).error as { code: string }).code).toBe("parameter_out_of_range");
  });
});

describe("GET /v1/stories/{id}", () => {
  it("returns the detail shape by id and by slug, with members newest first", async () => {
    const list = await json(await listStories(get("/v1/stories", key)));
    const top = (list.stories as Array<{ id: number; slug: string }>)[0]!;
    const res = await getStory(get(`/v1/stories/${top.id}`, key), {
      params: Promise.resolve({ id: String(top.id) }),
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id: top.id, article_count: 3, developments: [] });
    expect((body.articles as Array<{ published_at: number }>).map((a) => a.published_at)).toEqual([
      NOW - 3 * H,
      NOW - 4 * H,
      NOW - 5 * H,
    ]);
    expect(String(body.rich_summary)).toContain("### Key facts");
    const bySlug = await getStory(get(`/v1/stories/${top.slug}`, key), {
      params: Promise.resolve({ id: top.slug }),
    });
    expect((await json(bySlug)).id).toBe(top.id);
  });

  it("answers 404 for an unknown story", async () => {
    const res = await getStory(get("/v1/stories/999999", key), { params: Promise.resolve({ id: "999999" }) });
    expect(res.status).toBe(404);
    expect((await json(res)).error).toMatchObject({ code: "not_found", details: { resource: "story" } });
  });
});

describe("GET /v1/stories/ranked", () => {
  it("ranks by relevance × recency with the summary shape (top_entities as names)", async () => {
    const res = await rankedStories(get("/v1/stories/ranked", key));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body)).toEqual(["stories"]);
    const stories = body.stories as Array<Record<string, unknown>>;
    // The 80-hour-old story is outside the 48-hour window; the three-report volcano story outranks the rates story.
    expect(stories.map((s) => s.article_count)).toEqual([3, 1]);
    expect(stories[0]).toMatchObject({ top_entities: [], sources: ["Alpha News", "Beta Times"] });
    const one = await json(await rankedStories(get("/v1/stories/ranked?limit=1", key)));
    expect((one.stories as unknown[]).length).toBe(1);
    const bad = await rankedStories(get("/v1/stories/ranked?limit=101", key));
    expect(bad.status).toBe(400);
    expect(((await json(bad)).error as { code: string }).code).toBe("parameter_out_of_range");
  });

  it("gates embeddings to pro", async () => {
    const res = await rankedStories(get("/v1/stories/ranked?include_embeddings=true", key));
    expect(res.status).toBe(403);
    expect(((await json(res)).error as { code: string }).code).toBe("tier_required");
  });
});

describe("include_embeddings", () => {
  it("returns the stored centroid and member vectors, as JSON numbers or base64, and null where none exists", async () => {
    const pro = await t.key("pro");
    const list = await json(await listStories(get("/v1/stories", key)));
    const [top, other] = list.stories as Array<{ id: number }>;
    const members = t.store.db
      .prepare("SELECT id FROM articles WHERE story_id = ? ORDER BY id")
      .pluck()
      .all(top!.id) as number[];
    putStoryVector(t.store, top!.id, towardAxis0(0.6), "lede-local-sif-v1");
    putArticleVector(t.store, members[0]!, towardAxis0(0.8), "lede-local-sif-v1");

    const withVectors = await json(await listStories(get("/v1/stories?include_embeddings=true", pro)));
    const byId = new Map(
      (
        withVectors.stories as Array<{
          id: number;
          embedding: number[] | null;
          embedding_model: string | null;
        }>
      ).map((s) => [s.id, s]),
    );
    expect(byId.get(top!.id)!.embedding).toHaveLength(1536);
    expect(byId.get(top!.id)!.embedding![0]).toBeCloseTo(0.6, 6);
    expect(byId.get(top!.id)!.embedding_model).toBe("lede-local-sif-v1");
    expect(byId.get(other!.id)).toMatchObject({ embedding: null, embedding_model: null });

    const detail = await json(
      await getStory(get(`/v1/stories/${top!.id}?include_embeddings=true&embedding_format=base64`, pro), {
        params: Promise.resolve({ id: String(top!.id) }),
      }),
    );
    expect(Buffer.from(detail.embedding as string, "base64")).toHaveLength(6144);
    const articles = detail.articles as Array<{ url_hash: string; embedding: string | null }>;
    const withVector = articles.filter((a) => a.embedding !== null);
    expect(withVector).toHaveLength(1);
    expect(Buffer.from(withVector[0]!.embedding!, "base64").readFloatLE(0)).toBeCloseTo(0.8, 6);
  });
});
