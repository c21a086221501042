import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import type { Article } from "@/lib/db/types";
import { insertStory } from "@/lib/entities/queries/test-fixtures";
import { addArticles } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";
import { expectProKeyPolicy, putArticleVector, putStoryVector } from "@/lib/vectors/test-fixtures";

import { GET } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
let withVector: Article;
let without: Article;
// Values that are not exact in float32: the API serves the stored float32 values.
const vector = Float32Array.from({ length: 1536 }, (_, i) => Math.sin(i + 1) / 7);
const centroid = Float32Array.from({ length: 1536 }, (_, i) => (i % 3) - 1 + 0.1);

beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key("pro");
  const source = await testSource(t.store);
  [withVector, without] = (await addArticles(t.store, source, [
    { title: "Embedded article", url: "https://wire.test/1", discoveredAt: 1_000 },
    { title: "Article awaiting enrichment", url: "https://wire.test/2", discoveredAt: 2_000 },
  ])) as [Article, Article];
  putArticleVector(t.store, withVector.id, vector, "text-embedding-3-small");
  insertStory(t.store, { id: 5, headline: "Story with centroid", articles: [withVector] });
  insertStory(t.store, { id: 6, headline: "Story without centroid" });
  insertStory(t.store, { id: 7, headline: "Merged away" });
  t.store.db.prepare("UPDATE stories SET merged_into = 5 WHERE id = 7").run();
  putStoryVector(t.store, 5, centroid, "lede-local-sif-1536");
  putStoryVector(t.store, 7, centroid);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

type Body = Record<string, unknown> & { embedding: number[] | string; error?: Record<string, unknown> };
const embeddings = async (qs: string, k: string | null = key) => {
  const res = await GET(get(`/v1/embeddings?${qs}`, k ?? undefined));
  return { res, body: (await res.json()) as Body };
};
const fromBase64 = (s: string) => {
  const bytes = Buffer.from(s, "base64");
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, i) => bytes.readFloatLE(i * 4));
};

describe("GET /v1/embeddings", () => {
  it("serves an article's stored vector by url_hash as 1536 numbers, for 2 credits", async () => {
    const { res, body } = await embeddings(`type=article&id=${withVector.urlHash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("2");
    expect(Object.keys(body).sort()).toEqual(["dimensions", "embedding", "id", "model", "ok", "type"]);
    expect(body).toMatchObject({
      ok: true,
      type: "article",
      id: withVector.urlHash,
      model: "text-embedding-3-small",
      dimensions: 1536,
    });
    const values = body.embedding as number[];
    expect(values).toHaveLength(1536);
    // Each JSON number reads back as exactly the stored float32.
    expect(Float32Array.from(values)).toEqual(vector);
    const upper = await embeddings(`type=article&id=${withVector.urlHash.toUpperCase()}`);
    expect(upper.body.id).toBe(withVector.urlHash);
  });

  it("serves base64 of 1536 little-endian float32 values (6,144 bytes) with format=base64", async () => {
    const { body } = await embeddings(`type=article&id=${withVector.urlHash}&format=base64`);
    expect(typeof body.embedding).toBe("string");
    expect(Buffer.from(body.embedding as string, "base64").byteLength).toBe(6_144);
    expect(fromBase64(body.embedding as string)).toEqual(vector);
  });

  it("serves a story's centroid by integer id", async () => {
    const { res, body } = await embeddings("type=story&id=5");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      type: "story",
      id: "5",
      model: "lede-local-sif-1536",
      dimensions: 1536,
    });
    expect(Float32Array.from(body.embedding as number[])).toEqual(centroid);
    const b64 = await embeddings("type=story&id=5&format=base64");
    expect(fromBase64(b64.body.embedding as string)).toEqual(centroid);
  });

  it("answers 404 for an unknown object and for one without a vector yet", async () => {
    for (const [qs, resource] of [
      ["type=article&id=0123456789abcdef", "article"],
      [`type=article&id=${without.urlHash}`, "embedding"],
      ["type=story&id=404", "story"],
      ["type=story&id=6", "embedding"],
      ["type=story&id=7", "story"],
    ] as const) {
      const { res, body } = await embeddings(qs);
      expect(res.status, qs).toBe(404);
      expect(body.error, qs).toMatchObject({ code: "not_found", status: 404, details: { resource } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("answers 400 for missing or invalid parameters", async () => {
    for (const [qs, code, param] of [
      [`id=${withVector.urlHash}`, "missing_parameter", "type"],
      ["type=article", "missing_parameter", "id"],
      ["type=article&id=", "invalid_parameter", "id"],
      [`type=video&id=${withVector.urlHash}`, "invalid_parameter", "type"],
      [`type=article&id=${withVector.urlHash}&format=xml`, "invalid_parameter", "format"],
      ["type=story&id=story-with-centroid-5", "invalid_parameter", "id"],
    ] as const) {
      const { res, body } = await embeddings(qs);
      expect(res.status, qs).toBe(400);
      expect(body.error, qs).toMatchObject({ code, details: { param } });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
  });

  it("is a Pro feature behind the usual key policy", async () => {
    await expectProKeyPolicy(t, GET, (k) => get(`/v1/embeddings?type=story&id=5`, k));
  });
});
