import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { cosineSimilarity, EMBEDDING_DIMENSIONS } from "../../embeddings/embedder";
import { openPglite } from "../../testing/pglite-server";
import { postgresForTests } from "../../testing/postgres-db";
import { syntheticVectors } from "../../vectors/synthetic-vectors";
import { openPostgres, type PgConnection, type PgDb } from "./connect";
import { insertArticle, insertSource } from "./story-fixtures";
import { pgStoryRepo } from "./story-repo";
import { hasIterativeScan, pgVectorRepo } from "./vector-repo";
import { ensureVectorSchema, PGVECTOR_MISSING } from "./vector-schema";
import { installVectorShim } from "./vector-test-shim";
import { pgVectorWrites, vectorLiteral, type VectorKind } from "./vector-writes";

const pg = postgresForTests();
const T = Date.UTC(2026, 0, 5, 12);

const v = (...xs: number[]) => Float32Array.from(xs);
const distance = (a: Float32Array, b: Float32Array) => 1 - cosineSimilarity(a, b);

const put = (db: PgDb, kind: VectorKind, id: number, vector: Float32Array) =>
  db.transaction().execute((trx) => pgVectorWrites(trx).put(kind, id, vector));

/** A database with the vector tables: the shim on the test server (no pgvector there). */
async function shimmed() {
  const c = await pg.fresh();
  await installVectorShim(c.db);
  return c;
}

describe("the vector schema", () => {
  it("fails with an error naming pgvector on a server without it, and leaves the database as it was", async () => {
    const { db, pool } = await pg.fresh();
    const error = await ensureVectorSchema(pool).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain(PGVECTOR_MISSING);
    expect(error?.message).toMatch(/pgvector/);
    const { rows } = await sql<{
      t: string | null;
      v: number;
    }>`SELECT to_regclass('article_vectors')::text AS t,
      (SELECT COUNT(*) FROM schema_migrations WHERE version = 39) AS v`.execute(db);
    expect(rows[0]).toEqual({ t: null, v: 0 });
    // The other repositories' schema does not depend on it.
    expect(await pgStoryRepo(db).reserveIds(1)).toBe(1);
  });

  it("knows which pgvector versions scan iteratively", () => {
    expect(hasIterativeScan(null)).toBe(false);
    expect(hasIterativeScan("0.7.4")).toBe(false);
    expect(hasIterativeScan("0.8.0")).toBe(true);
    expect(hasIterativeScan("1.0.0")).toBe(true);
  });
});

/** The repository's semantics, on any database holding the vector tables (`dims` wide). */
function semantics(open: () => Promise<{ db: PgDb }>, dims: number) {
  const pad = (x: Float32Array) => {
    const out = new Float32Array(dims);
    out.set(x);
    return out;
  };

  it("finds the nearest articles of a window with exact distances, ties by id descending", async () => {
    const { db } = await open();
    const src = await insertSource(db, "wire", "Wire");
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        await insertArticle(db, { sourceId: src, title: `A${i}`, discoveredAt: i === 0 ? T - 10 : T + i }),
      );
    const vectors = [v(1, 0, 0), v(1, 0, 0), v(1, 0.1, 0), v(1, 0.1, 0), v(0, 1, 0), v(0, 0, 0)].map(pad);
    for (const [i, id] of ids.entries()) await put(db, "article", id, vectors[i]!);
    await db.updateTable("articles").set({ embedding_model: "m1" }).where("id", "=", ids[1]!).execute();
    const repo = pgVectorRepo(db);
    const q = pad(v(1, 0, 0));
    const hits = await repo.nearestArticles({ vector: q, since: T, limit: 10 });
    // ids[0] is before the window; ids[5] is a zero vector (no cosine distance); ids[2] and ids[3] tie.
    expect(hits.map((h) => h.article.id)).toEqual([ids[1], ids[3], ids[2], ids[4]]);
    for (const h of hits)
      expect(h.distance).toBeCloseTo(Math.max(0, distance(q, vectors[ids.indexOf(h.article.id)]!)), 5);
    expect(hits[0]!.distance).toBe(0);
    expect(hits[0]!.article).toMatchObject({ sourceName: "Wire", title: "A1", embeddingModel: "m1" });
    expect((await repo.nearestArticles({ vector: q, since: T, limit: 2 })).map((h) => h.article.id)).toEqual([
      ids[1],
      ids[3],
    ]);
    expect((await repo.nearestArticles({ vector: q, since: 0, limit: 2 })).map((h) => h.article.id)).toEqual([
      ids[1],
      ids[0],
    ]);

    // Related articles: the index's order, `keep` applied, at most `take`.
    const related = await repo.relatedArticles({
      vector: q,
      candidates: 10,
      take: 2,
      keep: (a) => a.id !== ids[1] && a.id !== ids[2],
    });
    expect(related.map((a) => a.id).sort()).toEqual([ids[0], ids[3]].sort());

    // Candidates within a radius, and only those discovered by a time.
    const within = await repo.articleCandidatesWithin({ vector: q, maxDistance: 0.01 });
    expect(within && [...within].sort()).toEqual([ids[0], ids[1], ids[2], ids[3]].sort());
    const before = await repo.articleCandidatesWithin({
      vector: q,
      maxDistance: 0.01,
      discoveredUntil: T + 2,
    });
    expect(before && [...before].sort()).toEqual([ids[0], ids[1], ids[2]].sort());
  });

  it("finds the nearest live stories, leaving merged and old ones out", async () => {
    const { db } = await open();
    await pgStoryRepo(db).apply({
      stories: [1, 2, 3, 4].map((id) => ({
        id,
        headline: `Story ${id}`,
        category: "world",
        articleCount: 0,
        firstSeen: T,
        lastUpdated: id === 4 ? T - 1 : T + id,
      })),
      memberships: [],
      assignments: [],
      merges: [{ goneId: 2, intoId: 1, at: T }],
      events: [],
    });
    for (const [id, x] of [
      [1, v(1, 1, 0)],
      [2, v(1, 0, 0)],
      [3, v(0, 1, 0)],
      [4, v(1, 0, 0)],
    ] as const)
      await put(db, "story", id, pad(x));
    const hits = await pgVectorRepo(db).nearestStories({ vector: pad(v(1, 0, 0)), since: T, limit: 5 });
    expect(hits.map((h) => [h.story.id, h.story.headline])).toEqual([
      [1, "Story 1"],
      [3, "Story 3"],
    ]);
    expect(hits[0]!.distance).toBeCloseTo(1 - Math.SQRT1_2, 5);
  });

  it("reads stored vectors back exactly, replaced and dropped through the writes", async () => {
    const { db } = await open();
    const src = await insertSource(db, "wire", "Wire");
    const a = await insertArticle(db, { sourceId: src, title: "A", discoveredAt: T });
    const repo = pgVectorRepo(db);
    expect(await repo.articleVector(a)).toBeNull();
    const first = pad(v(0.1, 1 / 3, -2.5e-7, Math.fround(Math.PI)));
    await put(db, "article", a, first);
    expect(await repo.articleVector(a)).toEqual({ vector: first, model: null });
    const second = pad(v(3, 2, 1));
    await put(db, "article", a, second);
    await db.updateTable("articles").set({ embedding_model: "text-embedding-3-small" }).execute();
    expect(await repo.articleVector(a)).toEqual({ vector: second, model: "text-embedding-3-small" });
    await db.transaction().execute((trx) => pgVectorWrites(trx).drop("article", a));
    expect(await repo.articleVector(a)).toBeNull();
    expect(await repo.storyVector(1)).toBeNull();
  });
}

describe("PostgreSQL VectorRepo (pgvector stand-in on the test server)", () => {
  semantics(shimmed, 4);

  it("keeps one vector per article when two pools write the same ones at once", async () => {
    const { db, url } = await shimmed();
    const src = await insertSource(db, "wire", "Wire");
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await insertArticle(db, { sourceId: src, title: `A${i}`, discoveredAt: T }));
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => put(pools[i % 2]!.db, "article", ids[i % 10]!, v(i, 1, 0, 0))),
      );
      const rows = await db.selectFrom("articles").select("id").execute();
      expect(rows).toHaveLength(10);
      const repo = pgVectorRepo(db);
      for (const [k, id] of ids.entries()) {
        const stored = (await repo.articleVector(id))!.vector[0]!;
        expect([k, k + 10, k + 20, k + 30]).toContain(stored);
      }
      const { rows: count } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM article_vectors`.execute(db);
      expect(count[0]!.n).toBe(10);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});

// pgvector itself, on PGlite (in process, one connection).
describe("PostgreSQL VectorRepo on pgvector (PGlite)", () => {
  let lite: PgConnection;
  beforeAll(async () => {
    lite = await openPglite();
    await ensureVectorSchema(lite.pool);
  }, 120_000);
  afterAll(() => lite?.close(), 60_000);

  const fresh = async () => {
    await sql`TRUNCATE article_vectors, story_vectors, events, story_headlines, story_assignments, articles, stories,
      sources RESTART IDENTITY CASCADE`.execute(lite.db);
    await lite.db.updateTable("sequences").set({ next: 1 }).where("name", "=", "story").execute();
    return { db: lite.db };
  };

  semantics(fresh, EMBEDDING_DIMENSIONS);

  it("runs pgvector 0.8 or later (iterative index scans)", async () => {
    const { rows } = await sql<{
      v: string;
    }>`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`.execute(lite.db);
    expect(hasIterativeScan(rows[0]?.v ?? null)).toBe(true);
  });

  it("has recall@10 of at least 0.9 against exact search over a few thousand news-like vectors", async () => {
    const { db } = await fresh();
    const src = await insertSource(db, "wire", "Wire");
    const corpus = syntheticVectors({ seed: 7, topics: 20, stories: 300 });
    // Bulk inserts: 3,000 articles, then their vectors 250 at a time.
    const articles = await db
      .insertInto("articles")
      .values(
        Array.from({ length: 3000 }, (_, i) => ({
          url_hash: `h${i}`,
          url: `https://t/${i}`,
          canonical_url: `https://t/${i}`,
          title: `A${i}`,
          slug: `a-${i}`,
          source_id: src,
          category: "world",
          discovered_at: T + i,
        })),
      )
      .returning("id")
      .execute();
    const stored = articles.map(({ id }) => ({ id, vector: corpus.next().vector }));
    for (let i = 0; i < stored.length; i += 250) {
      const chunk = stored.slice(i, i + 250);
      await sql`INSERT INTO article_vectors (article_id, embedding)
        SELECT * FROM unnest(${chunk.map((s) => s.id)}::bigint[], ${chunk.map((s) => vectorLiteral(s.vector))}::vector[])`.execute(
        db,
      );
    }
    // Statistics as autovacuum would have them: without them the planner takes the index for useless.
    await sql`ANALYZE`.execute(db);
    const indexScans = async () => {
      // This session's counts reach the statistics at most once a second unless a flush is forced, and a read
      // sees a snapshot taken once per transaction: force the flush, then read afresh.
      await sql`SELECT pg_stat_force_next_flush()`.execute(db);
      await sql`SELECT 1`.execute(db);
      await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
      const { rows } = await sql<{ n: number }>`SELECT idx_scan AS n FROM pg_stat_user_indexes
        WHERE indexrelname = 'article_vectors_hnsw'`.execute(db);
      return Number(rows[0]?.n ?? 0);
    };
    const scansBefore = await indexScans();
    const queries = syntheticVectors({ seed: 7, topics: 20, stories: 300, stream: 99 });
    const repo = pgVectorRepo(db);
    // The whole archive, and a window of its newest half (the filter inside the query: iterative scans).
    const windowStart = T + 1500;
    let found = 0;
    let foundInWindow = 0;
    const rounds = 40;
    const exactTop = (q: Float32Array, since: number) =>
      stored
        .filter((_, i) => T + i >= since)
        .map((s) => ({ id: s.id, d: distance(q, s.vector) }))
        .sort((a, b) => a.d - b.d || b.id - a.id)
        .slice(0, 10)
        .map((s) => s.id);
    for (let r = 0; r < rounds; r++) {
      const { vector: q } = queries.next();
      const approx = await repo.nearestArticles({ vector: q, since: 0, limit: 10 });
      found += exactTop(q, 0).filter((id) => approx.some((h) => h.article.id === id)).length;
      const windowed = await repo.nearestArticles({ vector: q, since: windowStart, limit: 10 });
      expect(windowed).toHaveLength(10);
      expect(windowed.every((h) => h.article.discoveredAt >= windowStart)).toBe(true);
      foundInWindow += exactTop(q, windowStart).filter((id) =>
        windowed.some((h) => h.article.id === id),
      ).length;
    }
    const recall = found / (rounds * 10);
    const windowRecall = foundInWindow / (rounds * 10);
    const scans = (await indexScans()) - scansBefore;
    console.log(`recall@10 ${recall}, in a window of half ${windowRecall}; HNSW index scans ${scans}`);
    // The searches went through the HNSW index (not an exact scan): at least the whole-archive ones.
    expect(scans).toBeGreaterThanOrEqual(rounds);
    expect(recall, `recall@10 ${recall}`).toBeGreaterThanOrEqual(0.9);
    expect(windowRecall, `recall@10 in the window ${windowRecall}`).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
