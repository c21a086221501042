import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { TEXT_ONLY_PARAMS } from "@/lib/clustering/clusterer";
import type { Source } from "@/lib/db/types";
import { runPipeline } from "@/lib/ingestion/pipeline";
import { recomputeSourceRankings } from "@/lib/rankings/source-rankings";
import { StoryClustering } from "@/lib/stories/story-clustering";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { BACKGROUND_HEADLINES } from "@/lib/testing/background-news";

import { GET } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 2, 4, 12);
let t: ReturnType<typeof testApiDeps>;
let key: string;

beforeEach(async () => {
  t = testApiDeps(() => NOW);
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const body = async () =>
  (await (await GET(get("/v1/source-rankings", key))).json()) as Record<string, unknown>;

describe("GET /v1/source-rankings", () => {
  it("is empty before any ranking ran", async () => {
    expect(await body()).toEqual({ rankings: [], count: 0 });
  });

  it("serves the rankings computed from stored stories, best first, in the contract's shape", async () => {
    const src: Source[] = [];
    for (const name of ["Quick Wire", "Slow Daily"])
      src.push(
        await t.store.sources.ensure({
          slug: name.toLowerCase().replace(" ", "-"),
          name,
          homepage: "https://example.test/",
          country: null,
          language: "en",
          category: "world",
          logoUrl: "https://example.test/logo.png",
          description: null,
        }),
      );
    const clustering = await StoryClustering.open({
      store: t.store,
      vectors: null,
      params: TEXT_ONLY_PARAMS,
    });
    const add = (s: Source, n: string, title: string, at: number) =>
      runPipeline({ store: t.store, clustering }, [
        { raw: { url: `https://example.test/${n}`, title, published: at }, source: s, discoveredAt: at },
      ]);
    for (const [i, title] of BACKGROUND_HEADLINES.entries())
      await add(src[i % 2]!, `bg${i}`, title, NOW - 50 * H + i * H);
    // Quick Wire is first on every shared story, Slow Daily three hours later.
    const stories = [
      "Volcano erupts near Reykjavik, flights grounded",
      "Central bank raises interest rates by half a point",
      "Striking dockworkers reach deal with port operators",
    ];
    for (const [i, title] of stories.entries()) {
      await add(src[0]!, `q${i}`, title, NOW - 20 * H + i * 4 * H);
      await add(src[1]!, `s${i}`, title.replace(/,.*/, "") + " say officials", NOW - 17 * H + i * 4 * H);
    }
    expect(await recomputeSourceRankings(t.store, NOW)).toBe(2);
    const b = await body();
    const rankings = b.rankings as Array<Record<string, unknown>>;
    expect(b.count).toBe(2);
    expect(rankings.map((r) => r.source_name)).toEqual(["Quick Wire", "Slow Daily"]);
    expect(rankings[0]).toMatchObject({
      source_id: String(src[0]!.id),
      logo_url: "https://example.test/logo.png",
    });
    expect(Object.keys(rankings[0]!).sort()).toEqual(
      [
        "source_id",
        "source_name",
        "logo_url",
        "first_to_cluster_score",
        "cluster_frequency_score",
        "speed_score",
        "topical_authority_score",
        "content_diversity_score",
        "extraction_success_score",
        "neutrality_score",
        "sensationalism_score",
        "reliability_score",
        "overall_score",
        "tier",
        "description_one_liner",
        "description_summary",
      ].sort(),
    );
    expect(rankings[0]!.first_to_cluster_score as number).toBeGreaterThan(
      rankings[1]!.first_to_cluster_score as number,
    );
    expect(rankings[0]!.speed_score).toBe(1);
    expect(["tier_1", "tier_2", "tier_3"]).toContain(rankings[0]!.tier);
  });
});
