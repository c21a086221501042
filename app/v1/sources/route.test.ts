import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  const zeta = await testSource(t.store, "zeta-post", "Zeta Post", "business");
  await testSource(t.store, "ap-news", "AP News", "world");
  await testSource(t.store, "ars", "ars Technica", "technology");
  await addArticles(t.store, zeta, [
    { title: "One", url: "https://zeta.test/1", discoveredAt: 1 },
    { title: "Two", url: "https://zeta.test/2", discoveredAt: 2 },
  ]);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

describe("GET /v1/sources", () => {
  it("answers a bare array of Source by name, with article counts and slugs, for 1 credit", async () => {
    const res = await GET(get("/v1/sources?limit=1&unknown=x", await t.key()));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<Record<string, unknown>>;
    expect(body.map((s) => s.name)).toEqual(["AP News", "ars Technica", "Zeta Post"]);
    expect(body[2]).toEqual({
      id: expect.any(Number),
      name: "Zeta Post",
      url: "https://zeta-post.test/",
      category: "business",
      article_count: 2,
      slug: "zeta-post",
    });
    expect(body[0]).toMatchObject({ slug: "ap-news", article_count: 0 });
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("breaks name ties by id descending", async () => {
    await testSource(t.store, "ap-news-2", "AP News", "world");
    const body = (await (await GET(get("/v1/sources", await t.key()))).json()) as Array<{
      id: number;
      slug: string;
    }>;
    expect(body.slice(0, 2).map((s) => s.slug)).toEqual(["ap-news-2", "ap-news"]);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/sources");
  });
});
