import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { TEXT_ONLY_PARAMS } from "@/lib/clustering/clusterer";
import { runPipeline } from "@/lib/ingestion/pipeline";
import { StoryClustering } from "@/lib/stories/story-clustering";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { BACKGROUND_HEADLINES } from "@/lib/testing/background-news";
import { testSource } from "@/lib/testing/temp-store";
import { recomputeTopics } from "@/lib/topics/topics";

import { GET } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 9, 10, 12);
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

const call = async (query = "") => {
  const res = await GET(get(`/v1/graph/topic-cluster${query}`, key));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("GET /v1/graph/topic-cluster", () => {
  it("serves topics of stories about one subject, with stable ids and the story-summary shape", async () => {
    const a = await testSource(t.store, "alpha", "Alpha");
    const b = await testSource(t.store, "beta", "Beta");
    const clustering = await StoryClustering.open({
      store: t.store,
      vectors: null,
      params: TEXT_ONLY_PARAMS,
    });
    let n = 0;
    const add = (title: string, hoursAgo: number, source = a) =>
      runPipeline({ store: t.store, clustering }, [
        {
          raw: { url: `https://x.test/${++n}`, title, published: NOW - hoursAgo * H },
          source,
          discoveredAt: NOW - hoursAgo * H,
        },
      ]);
    for (const [i, title] of BACKGROUND_HEADLINES.entries()) await add(title, 200 - i);
    // Three days of one election: a story per day, two reports each.
    const days: Array<[string, string]> = [
      ["Brazil election: candidates clash in final debate", "Final Brazil election debate turns heated"],
      ["Brazil votes in presidential election", "Millions vote as Brazil election opens"],
      ["Brazil election result: Silva declares victory", "Silva wins Brazil presidential election"],
    ];
    for (const [d, [x, y]] of days.entries()) {
      await add(x, 72 - d * 24);
      await add(y, 71 - d * 24, b);
    }
    await clustering.settle();
    expect(await recomputeTopics(t.store, NOW)).toBeGreaterThanOrEqual(1);
    const { status, body } = await call();
    expect(status).toBe(200);
    const topics = body.topics as Array<{
      id: number;
      headline: string;
      category: string;
      event_clusters: Array<Record<string, unknown>>;
    }>;
    expect(body.count).toBe(topics.length);
    const election = topics.find((tp) => tp.headline.includes("Brazil"))!;
    expect(election.event_clusters.length).toBeGreaterThanOrEqual(2);
    const updated = election.event_clusters.map((s) => s.last_updated as number);
    expect(updated).toEqual([...updated].sort((x, y) => y - x));
    expect(Object.keys(election.event_clusters[0]!)).toEqual(
      expect.arrayContaining(["id", "headline", "top_entities", "label"]),
    );

    // Recomputing keeps the id; topic_id restricts; an unknown topic is 404.
    await recomputeTopics(t.store, NOW);
    const one = await call(`?topic_id=${election.id}`);
    expect((one.body.topics as Array<{ id: number }>).map((tp) => tp.id)).toEqual([election.id]);
    expect((await call("?topic_id=999999")).status).toBe(404);
  });

  it("validates its parameters", async () => {
    expect(await call()).toEqual({ status: 200, body: { topics: [], count: 0 } });
    expect((await call("?limit=0")).body).toMatchObject({ error: { code: "parameter_out_of_range" } });
    expect((await call("?limit=101")).body).toMatchObject({ error: { code: "parameter_out_of_range" } });
    expect((await call("?topic_id=abc")).body).toMatchObject({ error: { code: "invalid_parameter" } });
  });
});
