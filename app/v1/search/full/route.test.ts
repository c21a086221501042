import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { addArticles, addEntity, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET } from "./route";

const RESULT_FIELDS = [
  "category",
  "discovered_at_ms",
  "image_url",
  "placeholder_image_url",
  "published_at_ms",
  "rank",
  "snippet",
  "source_name",
  "title",
  "url_hash",
  "url_hash_hex",
];

let t: ReturnType<typeof testApiDeps>;
let key: string;
let arts: Article[];
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store, "wire", "Wire", "technology");
  arts = await addArticles(t.store, source, [
    {
      title: `Musk says Tesla <script>alert("x")</script> & co will grow`,
      url: "https://wire.test/1",
      discoveredAt: 1_000,
      publishedAt: 900,
      imageUrl: "https://wire.test/1.jpg",
    },
    {
      title: "Electric carmaker recalls vehicles",
      url: "https://wire.test/2",
      discoveredAt: 2_000,
      excerpt: "The <b>company</b> & its chief were named in filings.",
    },
    { title: "Rocket launch delayed by weather", url: "https://wire.test/3", discoveredAt: 3_000 },
    {
      title: "Grid upgrade for Texas",
      url: "https://wire.test/4",
      discoveredAt: 4_000,
      excerpt: "Recalls too.",
    },
  ]);
  addEntity(t.store, { name: "Elon Musk", aliases: ["Musk"], articles: [arts[0]!, arts[1]!, arts[2]!] });
  addEntity(t.store, { name: "Tesla", type: "org", articles: [arts[0]!, arts[1]!, arts[3]!] });
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

type Body = { results: Array<Record<string, unknown>>; total: number };
const full = async (qs: string) => {
  const res = await GET(get(`/v1/search/full?${qs}`, key));
  return { res, body: (await res.json()) as Body };
};

describe("GET /v1/search/full", () => {
  it("returns SearchResult objects with marked, HTML-escaped snippets, for 2 credits", async () => {
    const { res, body } = await full("q=tesla");
    expect(res.status).toBe(200);
    const top = body.results[0]!;
    expect(Object.keys(top).sort()).toEqual(RESULT_FIELDS);
    expect(top).toMatchObject({
      url_hash_hex: arts[0]!.urlHash,
      url_hash: arts[0]!.urlHash,
      title: arts[0]!.title,
      source_name: "Wire",
      category: "technology",
      published_at_ms: 900,
      discovered_at_ms: 1_000,
      image_url: "https://wire.test/1.jpg",
      placeholder_image_url: null,
    });
    expect(top.snippet).toBe(
      "Musk says <mark>Tesla</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co will grow",
    );
    expect(typeof top.rank).toBe("number");
    expect(res.headers.get("X-Credits-Cost")).toBe("2");
    expect(res.headers.get("X-Credits-Used")).toBe("2");
  });

  it("merges in the articles of entities named in q, text-and-entity matches first, sorted by rank", async () => {
    const { body } = await full("q=musk%20tesla");
    // Text matches only the first article; the entities add the three others linked to Musk or Tesla.
    expect(body.total).toBe(4);
    expect(body.results[0]!.url_hash).toBe(arts[0]!.urlHash);
    expect(body.results[1]!.url_hash).toBe(arts[1]!.urlHash); // linked to both entities
    const ranks = body.results.map((r) => r.rank as number);
    expect([...ranks].sort((x, y) => y - x)).toEqual(ranks);
    // An entity-only hit has no matched text: its excerpt, escaped and unmarked, stands in.
    expect(body.results[1]!.snippet).toBe(
      "The &lt;b&gt;company&lt;/b&gt; &amp; its chief were named in filings.",
    );
    expect(body.results.find((r) => r.url_hash === arts[2]!.urlHash)?.snippet).toBe(
      "Rocket launch delayed by weather",
    );
  });

  it("applies exclusions to entity matches too, and pages the merged list", async () => {
    const { body } = await full("q=musk%20-weather");
    expect(body.results.map((r) => r.url_hash)).not.toContain(arts[2]!.urlHash);
    expect(body.total).toBe(2);
    const page = await full("q=musk%20tesla&limit=2&offset=2");
    expect(page.body.total).toBe(4);
    expect(page.body.results).toHaveLength(2);
    expect((await full("q=musk%20tesla&offset=10")).body).toEqual({ results: [], total: 4 });
    expect((await full("q=nothing%20here")).body).toEqual({ results: [], total: 0 });
  });

  it("validates q (1–200 characters), limit (1–100) and offset (≥ 0), charging nothing", async () => {
    const cases: Array<[string, string, object]> = [
      ["", "missing_parameter", { param: "q" }],
      ["q=", "invalid_parameter", { param: "q" }],
      [`q=${"x".repeat(201)}`, "invalid_parameter", { param: "q" }],
      ["q=tesla&limit=0", "parameter_out_of_range", { param: "limit", min: 1 }],
      ["q=tesla&limit=101", "parameter_out_of_range", { param: "limit", max: 100 }],
      ["q=tesla&offset=-1", "parameter_out_of_range", { param: "offset", min: 0 }],
      ["q=tesla&offset=x", "invalid_parameter", { param: "offset" }],
    ];
    for (const [qs, code, details] of cases) {
      const res = await GET(get(`/v1/search/full?${qs}`, key));
      expect(res.status, qs).toBe(400);
      expect(((await res.json()) as { error: object }).error, qs).toMatchObject({ code, details });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    for (const q of ['"', "NEAR(", "*:-()", "日本"])
      expect((await full(`q=${encodeURIComponent(q)}`)).res.status, q).toBe(200);
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/search/full?q=tesla");
  });
});
