import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { addArticles, addEntity, expectKeyPolicy, putInStory } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

let clock = Date.UTC(2025, 5, 1);
let t: ReturnType<typeof testApiDeps>;
beforeEach(async () => {
  clock = Date.UTC(2025, 5, 1);
  t = testApiDeps(() => clock);
  setApiDepsForTesting(async () => t.deps);
  const wire = await testSource(t.store, "wire", "Wire");
  await testSource(t.store, "daily", "Daily");
  const arts = await addArticles(
    t.store,
    wire,
    [1, 2, 3].map((i) => ({ title: `Story ${i}`, url: `https://wire.test/${i}`, discoveredAt: i })),
  );
  putInStory(t.store, 1, "First", arts.slice(0, 2));
  putInStory(t.store, 2, "Second", arts.slice(2));
  putInStory(t.store, 3, "Merged away", []);
  t.store.db.prepare("UPDATE stories SET merged_into = 1 WHERE id = 3").run();
  addEntity(t.store, { name: "Ada Lovelace", articles: arts.slice(0, 1) });
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const stats = async (key: string) => {
  const res = await GET(get("/v1/stats", key));
  return { res, body: (await res.json()) as Record<string, unknown> };
};

describe("GET /v1/stats", () => {
  it("counts articles, live stories, entities and sources as integers, for 1 credit", async () => {
    const { res, body } = await stats(await t.key());
    expect(res.status).toBe(200);
    expect(body).toEqual({ total_articles: 3, total_stories: 2, total_entities: 1, total_sources: 2 });
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("serves a cached count for at most 60 seconds", async () => {
    const key = await t.key();
    await stats(key);
    await testSource(t.store, "third", "Third");
    clock += 59_000;
    expect((await stats(key)).body.total_sources).toBe(2);
    clock += 1_000;
    expect((await stats(key)).body.total_sources).toBe(3);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/stats");
  });
});
