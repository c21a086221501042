import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { TEXT_ONLY_PARAMS } from "@/lib/clustering/clusterer";
import type { Source } from "@/lib/db/types";
import { runPipeline } from "@/lib/ingestion/pipeline";
import { StoryClustering } from "@/lib/stories/story-clustering";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { BACKGROUND_HEADLINES } from "@/lib/testing/background-news";

import { GET as getDevelopments } from "../developments/route";
import { GET as getUpdates } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 2, 4, 12);
let t: ReturnType<typeof testApiDeps>;
let key: string;
let storyId: number;

/**
 * The scripted history: five reports of one eruption over four hours, from four outlets; two entities are
 * attached to reports 1 and 4 as the enrichment stage would.
 */
beforeEach(async () => {
  t = testApiDeps(() => NOW);
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const src: Record<string, Source> = {};
  for (const name of ["Alpha", "Beta", "Gamma", "Delta"])
    src[name] = await t.store.sources.ensure({
      slug: name.toLowerCase(),
      name,
      homepage: `https://${name.toLowerCase()}.test/`,
      country: null,
      language: "en",
      category: "world",
      logoUrl: null,
      description: null,
    });
  const clustering = await StoryClustering.open({ store: t.store, vectors: null, params: TEXT_ONLY_PARAMS });
  const history: Array<[string, number, string]> = [
    ["Alpha", 5, "Volcano erupts near Reykjavik, flights grounded"],
    ["Beta", 4, "Reykjavik volcano eruption grounds flights"],
    ["Alpha", 3, "Flights grounded as Reykjavik volcano erupts"],
    ["Gamma", 2, "Reykjavik volcano eruption grounds flights, 3,000 evacuated"],
    ["Delta", 1, "Volcano erupts near Reykjavik: flights grounded, 3,000 evacuated"],
  ];
  // Three days earlier, a day of unrelated news: term statistics like a running service's.
  for (const [i, title] of BACKGROUND_HEADLINES.entries())
    await runPipeline({ store: t.store, clustering }, [
      {
        raw: { url: `https://alpha.test/bg${i}`, title, published: NOW - 72 * H + i * H },
        source: src.Alpha!,
        discoveredAt: NOW - 72 * H + i * H,
      },
    ]);
  for (const [i, [source, hoursAgo, title]] of history.entries()) {
    await runPipeline({ store: t.store, clustering }, [
      {
        raw: { url: `https://${source.toLowerCase()}.test/${i}`, title, published: NOW - hoursAgo * H },
        source: src[source]!,
        discoveredAt: NOW - hoursAgo * H,
      },
    ]);
  }
  const db = t.store.db;
  const ids = db
    .prepare("SELECT id FROM articles WHERE url NOT LIKE '%/bg%' ORDER BY id")
    .pluck()
    .all() as number[];
  storyId = db.prepare("SELECT story_id FROM articles WHERE id = ?").pluck().get(ids[0]) as number;
  expect(
    db.prepare("SELECT COUNT(DISTINCT story_id) FROM articles WHERE url NOT LIKE '%/bg%'").pluck().get(),
  ).toBe(1);
  const entity = (name: string, type: string) =>
    Number(
      db
        .prepare("INSERT INTO entities (name, type, slug, norm_key) VALUES (?, ?, ?, ?)")
        .run(name, type, name.toLowerCase().replace(/\W+/g, "-"), name.toLowerCase()).lastInsertRowid,
    );
  const mention = db.prepare(
    "INSERT INTO article_entities (article_id, entity_id, mention_count) VALUES (?, ?, 1)",
  );
  mention.run(ids[0], entity("Reykjavik", "location"));
  mention.run(ids[3], entity("Icelandic Met Office", "org"));
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const updates = async (since: string | number) => {
  const res = await getUpdates(get(`/v1/stories/${storyId}/updates?since_ms=${since}`, key), {
    params: Promise.resolve({ id: String(storyId) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("GET /v1/stories/{id}/updates", () => {
  it("since before the second report: four new reports, three new outlets, a new entity, a development", async () => {
    const { status, body } = await updates(NOW - 4.5 * H);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      cluster_id: storyId,
      new_article_count: 4,
      new_sources: ["Delta", "Gamma", "Beta"],
      new_entities: ["Icelandic Met Office"],
      baseline_member_count: 1,
      checked_at_ms: NOW,
      significance: "moderate",
    });
    expect(body.significance_reasons).toEqual(
      expect.arrayContaining(["new_articles", "new_sources", "new_entities", "new_development"]),
    );
    const arts = body.new_articles as Array<{
      title: string;
      source_name: string;
      published_at: number;
      url_hash: string;
    }>;
    expect(arts.map((a) => [a.source_name, a.published_at])).toEqual([
      ["Delta", NOW - 1 * H],
      ["Gamma", NOW - 2 * H],
      ["Alpha", NOW - 3 * H],
      ["Beta", NOW - 4 * H],
    ]);
    expect(arts[0]!.url_hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("since just before the last report: one new report from a new outlet lifts the story to medium", async () => {
    const { body } = await updates(NOW - 1.5 * H);
    // Velocity with the fifth report: 0.51 + 0.61 + 0.3 × 0.72 + 0.85 + 1 ≈ 3.19 ≥ 3 → priority low → medium.
    expect(body).toMatchObject({
      new_article_count: 1,
      new_sources: ["Delta"],
      new_entities: [],
      baseline_member_count: 4,
      significance: "moderate",
      significance_reasons: ["new_articles", "new_sources", "velocity_spike"],
    });
  });

  it("since in the future: an empty report", async () => {
    const { body } = await updates(NOW + H);
    expect(body).toEqual({
      cluster_id: storyId,
      new_articles: [],
      new_article_count: 0,
      new_sources: [],
      new_entities: [],
      significance: "none",
      significance_reasons: [],
      baseline_member_count: 5,
      checked_at_ms: NOW,
    });
  });

  it("validates since_ms and the story id", async () => {
    const missing = await getUpdates(get(`/v1/stories/${storyId}/updates`, key), {
      params: Promise.resolve({ id: String(storyId) }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("missing_parameter");
    expect((await updates(-1)).body).toMatchObject({ error: { code: "parameter_out_of_range" } });
    expect((await updates("soon")).body).toMatchObject({ error: { code: "invalid_parameter" } });
    const unknown = await getUpdates(get(`/v1/stories/999999/updates?since_ms=0`, key), {
      params: Promise.resolve({ id: "999999" }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe("GET /v1/stories/{id}/developments", () => {
  it("lists the story's developments in timeline order with a count", async () => {
    const res = await getDevelopments(get(`/v1/stories/${storyId}/developments`, key), {
      params: Promise.resolve({ id: String(storyId) }),
    });
    const body = (await res.json()) as { developments: Array<Record<string, unknown>>; count: number };
    expect(res.status).toBe(200);
    expect(body.count).toBe(body.developments.length);
    expect(body.developments[0]).toMatchObject({
      cluster_id: storyId,
      created_at_ms: NOW - 2 * H,
      significance: "minor",
      enrichment_seq: 1,
    });
    const seqs = body.developments.map((d) => d.enrichment_seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});
