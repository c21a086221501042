import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { addArticles, addTags, expectKeyPolicy } from "@/lib/search/test-fixtures";
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

const tags = async () => {
  const res = await GET(get("/v1/tags", await t.key()));
  return { res, body: (await res.json()) as string[] };
};

describe("GET /v1/tags", () => {
  it("answers [] while no article has tags", async () => {
    const { res, body } = await tags();
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
  });

  it("lists tags most frequent first, ties alphabetically, at most 1,000", async () => {
    const source = await testSource(t.store);
    const arts = await addArticles(
      t.store,
      source,
      [1, 2, 3].map((i) => ({ title: `Story ${i}`, url: `https://wire.test/${i}`, discoveredAt: i })),
    );
    addTags(t.store, arts[0]!, ["markets", "oil", "rates"]);
    addTags(t.store, arts[1]!, ["markets", "rates"]);
    addTags(t.store, arts[2]!, ["markets", "bonds"]);
    const { res, body } = await tags();
    expect(body).toEqual(["markets", "rates", "bonds", "oil"]);
    expect(res.headers.get("X-Credits-Used")).toBe("1");

    addTags(
      t.store,
      arts[0]!,
      Array.from({ length: 1_000 }, (_, i) => `tag-${String(i).padStart(4, "0")}`),
    );
    const capped = (await tags()).body;
    expect(capped).toHaveLength(1_000);
    expect(capped.slice(0, 4)).toEqual(["markets", "rates", "bonds", "oil"]);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/tags");
  });
});
