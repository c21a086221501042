import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { ENTITY_FIELDS, insertEntity, insertStory, storyEntity } from "@/lib/entities/queries/test-fixtures";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

const STORY_SUMMARY_FIELDS = [
  "article_count",
  "category",
  "first_seen",
  "headline",
  "id",
  "image_url",
  "label",
  "last_updated",
  "slug",
  "sources",
  "summary",
  "tickers",
  "top_entities",
];

let t: ReturnType<typeof testApiDeps>;
let key: string;
const ids: Record<string, number> = {};
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store, "wire", "Wire");
  const arts = await addArticles(t.store, source, [
    { title: "Summit opens in Geneva", url: "https://wire.test/1", discoveredAt: 1_000 },
    { title: "Leaders meet in Geneva", url: "https://wire.test/2", discoveredAt: 2_000 },
  ]);
  insertStory(t.store, {
    id: 7,
    headline: "Geneva summit",
    firstSeen: 1_000,
    lastUpdated: 2_000,
    articles: arts,
  });
  insertStory(t.store, { id: 8, headline: "Other story", firstSeen: 1_000, lastUpdated: 1_000 });
  insertStory(t.store, { id: 9, headline: "Merged away", firstSeen: 1_000, lastUpdated: 1_000 });
  t.store.db.prepare("UPDATE stories SET merged_into = 7 WHERE id = 9").run();
  ids.geneva = insertEntity(t.store, { name: "Geneva", type: "location", subcategory: "city" });
  ids.un = insertEntity(t.store, { name: "United Nations", type: "org", aliases: ["UN"] });
  ids.guterres = insertEntity(t.store, { name: "António Guterres", enriched: true, wikidataId: "Q311440" });
  ids.other = insertEntity(t.store, { name: "Elsewhere", type: "location" });
  storyEntity(t.store, 7, ids.geneva, 5);
  storyEntity(t.store, 7, ids.un, 2);
  storyEntity(t.store, 7, ids.guterres, 5);
  storyEntity(t.store, 8, ids.other, 9);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

type Body = {
  story: Record<string, unknown>;
  entities: Array<Record<string, unknown> & { id: number }>;
  edges: Array<{ story_id: number; entity_id: number; mention_count: number }>;
  error?: Record<string, unknown>;
};
const graph = async (qs: string) => {
  const res = await GET(get(`/v1/graph/story-entity?${qs}`, key));
  return { res, body: (await res.json()) as Body };
};

describe("GET /v1/graph/story-entity", () => {
  it("returns the story summary, its entities and edges by mention_count (ties by id descending)", async () => {
    const { res, body } = await graph("story_id=7");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(Object.keys(body.story).sort()).toEqual(STORY_SUMMARY_FIELDS);
    expect(body.story).toMatchObject({
      id: 7,
      slug: "geneva-summit-7",
      headline: "Geneva summit",
      article_count: 2,
      sources: ["Wire"],
      first_seen: 1_000,
      last_updated: 2_000,
    });
    expect(typeof body.story.summary).toBe("string");
    expect(body.edges).toEqual([
      { story_id: 7, entity_id: ids.guterres, mention_count: 5 },
      { story_id: 7, entity_id: ids.geneva, mention_count: 5 },
      { story_id: 7, entity_id: ids.un, mention_count: 2 },
    ]);
    expect(body.entities.map((x) => x.id)).toEqual([ids.guterres, ids.geneva, ids.un]);
    expect(Object.keys(body.entities[0]!).sort()).toEqual(ENTITY_FIELDS);
    expect(body.entities[0]).toMatchObject({
      name: "António Guterres",
      enriched: true,
      wikidata_id: "Q311440",
    });
    expect(body.entities[2]).toMatchObject({ name: "United Nations", type: "org", aliases: ["UN"] });
  });

  it("keeps the `limit` most-mentioned entities", async () => {
    const { body } = await graph("story_id=7&limit=1");
    expect(body.entities.map((x) => x.id)).toEqual([ids.guterres]);
    expect(body.edges).toEqual([{ story_id: 7, entity_id: ids.guterres, mention_count: 5 }]);
  });

  it("gives empty lists for a story without entities", async () => {
    t.store.db.prepare("DELETE FROM story_entities WHERE story_id = 7").run();
    const { res, body } = await graph("story_id=7");
    expect(res.status).toBe(200);
    expect(body.entities).toEqual([]);
    expect(body.edges).toEqual([]);
  });

  it("answers 404 for an unknown or merged-away story", async () => {
    for (const id of ["404", "9"]) {
      const { res, body } = await graph(`story_id=${id}`);
      expect(res.status, id).toBe(404);
      expect(body.error).toMatchObject({ code: "not_found", details: { resource: "story" } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("answers 400 for a missing story_id and an out-of-range limit", async () => {
    for (const [qs, code, details] of [
      ["", "missing_parameter", { param: "story_id" }],
      ["story_id=geneva-summit-7", "invalid_parameter", { param: "story_id" }],
      ["story_id=7&limit=0", "parameter_out_of_range", { param: "limit", min: 1 }],
      ["story_id=7&limit=101", "parameter_out_of_range", { param: "limit", max: 100 }],
    ] as const) {
      const { res, body } = await graph(qs);
      expect(res.status, qs).toBe(400);
      expect(body.error, qs).toMatchObject({ code, details });
    }
    expect((await graph("story_id=7&limit=100")).res.status).toBe(200);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/graph/story-entity?story_id=7");
  });
});
