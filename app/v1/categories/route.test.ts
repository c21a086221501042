import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { CATEGORIES } from "@/lib/categories";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

describe("GET /v1/categories", () => {
  it("answers the canonical slugs alphabetically as a bare array, for 1 credit", async () => {
    const res = await GET(get("/v1/categories", await t.key()));
    expect(res.status).toBe(200);
    const body = (await res.json()) as string[];
    expect(body).toEqual([...CATEGORIES].sort());
    expect(body).toContain("world");
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("adds any other category that sources or articles use (the set is open)", async () => {
    const source = await testSource(t.store, "met", "Met Office", "weather");
    await addArticles(t.store, source, [
      { title: "Storm warning", url: "https://met.test/1", discoveredAt: 1, category: "alerts" },
    ]);
    const body = (await (await GET(get("/v1/categories", await t.key()))).json()) as string[];
    expect(body).toEqual([...CATEGORIES, "alerts", "weather"].sort());
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/categories");
  });
});
