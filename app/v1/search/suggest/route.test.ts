import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { titlePrefixExpression } from "@/lib/search/parse-query";
import { popularCompletions } from "@/lib/search/suggest";
import { addArticles, addEntity, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store);
  const arts = await addArticles(
    t.store,
    source,
    [
      "Tesla shares climb",
      "Tesla recalls cars",
      "Teslas on the road",
      "Tehran talks resume",
      "Interest rates rise",
      "Interest rates hold",
      "Interest rate cut",
      "Théâtre reopens in Paris",
    ].map((title, i) => ({ title, url: `https://wire.test/${i}`, discoveredAt: i + 1 })),
  );
  addEntity(t.store, { name: "Tesla", type: "org", articles: arts.slice(0, 3) });
  addEntity(t.store, { name: "Tehran", type: "location", articles: arts.slice(3, 4) });
  addEntity(t.store, { name: "Edward Teller", aliases: ["Teller"], articles: arts.slice(0, 2) });
  addEntity(t.store, { name: "Émile Zola", articles: [] });
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const suggest = async (qs: string) => {
  const res = await GET(get(`/v1/search/suggest?${qs}`, key));
  return { res, body: (await res.json()) as { suggestions: string[] } };
};

describe("GET /v1/search/suggest", () => {
  it("suggests entity names by article count, then popular title terms, without duplicates, for 1 credit", async () => {
    const { res, body } = await suggest("q=te");
    expect(res.status).toBe(200);
    // Entities (Tesla 3, Teller via its alias 2, Tehran 1), then title words; "tesla" and "tehran" are already there.
    expect(body.suggestions).toEqual(["Tesla", "Edward Teller", "Tehran", "teslas"]);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(res.headers.get("X-Credits-Used")).toBe("1");
  });

  it("is case-insensitive, completes multi-word prefixes and folds diacritics for title terms", async () => {
    expect((await suggest("q=TES")).body.suggestions[0]).toBe("Tesla");
    expect((await suggest("q=interest%20ra")).body.suggestions).toEqual(["interest rates", "interest rate"]);
    expect((await suggest("q=theat")).body.suggestions).toEqual(["théâtre"]);
    expect((await suggest("q=%C3%A9mile")).body.suggestions).toEqual(["Émile Zola"]);
    expect((await suggest("q=zzz")).body.suggestions).toEqual([]);
    for (const q of ['"', "*", "%", "_", "NEAR(", "-", "\\"])
      expect((await suggest(`q=${encodeURIComponent(q)}`)).res.status, q).toBe(200);
    expect((await suggest("q=%25")).body.suggestions).toEqual([]);
  });

  it("applies limit (default 8, 1–20)", async () => {
    expect((await suggest("q=te&limit=2")).body.suggestions).toEqual(["Tesla", "Edward Teller"]);
    const source = (await t.store.sources.get("wire"))!;
    await addArticles(
      t.store,
      source,
      Array.from({ length: 30 }, (_, i) => ({
        title: `Zebra${String.fromCharCode(97 + (i % 26))}${i} sighting`,
        url: `https://wire.test/z${i}`,
        discoveredAt: 100 + i,
      })),
    );
    expect((await suggest("q=zebra")).body.suggestions).toHaveLength(8);
    expect((await suggest("q=zebra&limit=20")).body.suggestions).toHaveLength(20);
    for (const [limit, details] of [
      ["0", { min: 1 }],
      ["21", { max: 20 }],
    ] as const) {
      const { res, body } = await suggest(`q=te&limit=${limit}`);
      expect(res.status).toBe(400);
      expect((body as unknown as { error: object }).error).toMatchObject({
        code: "parameter_out_of_range",
        details: { param: "limit", ...details },
      });
    }
  });

  it("requires q of 1–100 characters", async () => {
    const cases: Array<[string, string]> = [
      ["limit=3", "missing_parameter"],
      ["q=", "invalid_parameter"],
      [`q=${"t".repeat(101)}`, "invalid_parameter"],
    ];
    for (const [qs, code] of cases) {
      const res = await GET(get(`/v1/search/suggest?${qs}`, key));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: object }).error).toMatchObject({
        code,
        details: { param: "q" },
      });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    expect((await suggest(`q=${"t".repeat(100)}`)).res.status).toBe(200);
  });

  it("completes from recent titles found by the trigram index as the word-prefix query would", async () => {
    const source = (await t.store.sources.get("wire"))!;
    // "Instant" holds "sta" inside a word: such titles are read but complete nothing.
    const heads = ["Stadium vote", "Instant noodles", "Star signs", "Statue unveiled"];
    await addArticles(
      t.store,
      source,
      Array.from({ length: 1_000 }, (_, i) => ({
        title: `${heads[i % 4]} in town ${i}`,
        url: `https://wire.test/sta${i}`,
        discoveredAt: 1_000 + i,
      })),
    );
    const words = ["sta"];
    const reference = popularCompletions(
      await t.store.search.recentTitles(titlePrefixExpression("sta")!, 300),
      words,
    );
    const wordPrefix = vi.spyOn(t.store.search, "recentTitles");
    expect((await suggest("q=sta")).body.suggestions).toEqual(reference.slice(0, 8));
    expect(reference.slice(0, 3).sort()).toEqual(["stadium", "star", "statue"]);
    // The trigram titles sufficed: the word-prefix query was not needed.
    expect(wordPrefix).not.toHaveBeenCalled();
    // Too few titles start a word with the text ("tan" is mostly inside "Instant"): the word-prefix query answers.
    await addArticles(
      t.store,
      source,
      Array.from({ length: 5 }, (_, i) => ({
        title: `Tanker seized ${i}`,
        url: `https://wire.test/tan${i}`,
        discoveredAt: 500 + i,
      })),
    );
    expect((await suggest("q=tan")).body.suggestions).toEqual(["tanker"]);
    expect(wordPrefix).toHaveBeenCalledTimes(1);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/search/suggest?q=te");
  });
});
