import { sql, type RawBuilder, type Transaction } from "kysely";

import { clampDistance } from "../../embeddings/embedder";
import { toArticle } from "../sqlite/article-repo";
import type { VectorRepo } from "../store";
import type { Article } from "../types";
import type { PgDb } from "./connect";
import type { Database } from "./schema";
import { toStoryRecords, type StoryRow } from "./story-rows";
import { parseVector, vectorLiteral, type VectorKind } from "./vector-writes";

// Nearest neighbours with pgvector: the vector tables of migration 39 (`ensureVectorSchema`), each with an HNSW
// index on cosine distance. A query takes the k nearest through the index with its filter inside the query (pgvector
// 0.8's iterative scan goes on past `ef_search` until k rows pass the filter), then orders them by the exact distance
// pgvector computed from the stored vector, ties by id descending, as the embedded store does.

interface Hit {
  id: number;
  distance: number;
}

type ArticleRow = Parameters<typeof toArticle>[0];

/** pgvector's bounds on `hnsw.ef_search`. */
const EF_MIN = 40;
const EF_MAX = 1000;
/** Rows read beyond what related articles need, per read: some are copies or repeated headlines, left out. */
const RELATED_SPARE = 4;
/** Rows taken beyond `limit` before the final order, so that ties at the cut go by id as in an exact search. */
const TIE_SPARE = 8;
/** Candidates a range search may hold before it gives up (the caller then scans). */
const RANGE_CAP = 16_384;

const TABLES: Record<VectorKind, { table: string; id: string }> = {
  article: { table: "article_vectors", id: "article_id" },
  story: { table: "story_vectors", id: "story_id" },
};

const ARTICLE_COLUMNS = sql`a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language`;

export interface PgVectorRepoOptions {
  /**
   * Whether the server's pgvector has iterative index scans (0.8 and later); read from `pg_extension` when absent.
   * Without them a filtered search that the index under-fills is finished by an exact scan.
   */
  iterativeScan?: boolean;
}

/** Whether a pgvector version string is 0.8 or later. */
export function hasIterativeScan(version: string | null): boolean {
  if (!version) return false;
  const [major, minor] = version.split(".").map(Number);
  return (major ?? 0) > 0 || (minor ?? 0) >= 8;
}

export function pgVectorRepo(db: PgDb, options: PgVectorRepoOptions = {}): VectorRepo {
  let iterative: Promise<boolean> | undefined =
    options.iterativeScan === undefined ? undefined : Promise.resolve(options.iterativeScan);
  const iterativeScan = () =>
    (iterative ??= db
      .selectFrom(sql<{ extname: string; extversion: string }>`pg_extension`.as("x"))
      .select("extversion")
      .where("extname", "=", "vector")
      .executeTakeFirst()
      .then((r) => hasIterativeScan(r?.extversion ?? null)));

  /**
   * Sets the index's search breadth (and iterative scans) for the rest of the transaction. `iterative` is read
   * before the transaction opens: a pool of one connection (PGlite) has none to spare for it inside.
   */
  const tune = async (trx: Transaction<Database>, iterative: boolean, k: number, maxScan?: number) => {
    const ef = Math.min(EF_MAX, Math.max(EF_MIN, k));
    await sql`SELECT set_config('hnsw.ef_search', ${String(ef)}, true)`.execute(trx);
    if (iterative) {
      await sql`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
      if (maxScan)
        await sql`SELECT set_config('hnsw.max_scan_tuples', ${String(maxScan)}, true)`.execute(trx);
    }
    return ef;
  };

  /**
   * The `limit` nearest vectors of `kind` whose owner passes `filter` (a condition on `o`, the owner row), nearest
   * first with exact distances, ties by id descending; zero vectors (no cosine distance) left out.
   */
  const nearest = async (
    kind: VectorKind,
    vector: Float32Array,
    filter: RawBuilder<boolean>,
    limit: number,
  ) => {
    const { table, id } = TABLES[kind];
    const owner = kind === "article" ? sql`articles` : sql`stories`;
    const q = vectorLiteral(vector);
    // `exact`: the distance expression wrapped so that no index can serve the order (a full, exact search).
    const query = (exact: boolean) => sql<Hit>`
      WITH hits AS MATERIALIZED (
        SELECT v.${sql.ref(id)} AS id, v.embedding <=> ${q}::vector AS distance
        FROM ${sql.table(table)} v JOIN ${owner} o ON o.id = v.${sql.ref(id)}
        WHERE ${filter}
        ORDER BY ${exact ? sql`(v.embedding <=> ${q}::vector) + 0` : sql`v.embedding <=> ${q}::vector`}
        LIMIT ${limit + TIE_SPARE})
      SELECT id, distance FROM hits ORDER BY distance, id DESC LIMIT ${limit}`;
    const iterative = await iterativeScan();
    return db.transaction().execute(async (trx) => {
      await tune(trx, iterative, limit + TIE_SPARE);
      const found = (await query(false).execute(trx)).rows;
      const hits = found.filter((h) => !Number.isNaN(h.distance));
      // Fewer than asked: the window may really hold fewer, or the index ran out before the filter was met.
      if (hits.length >= limit || found.length > hits.length) return hits;
      return (await query(true).execute(trx)).rows.filter((h) => !Number.isNaN(h.distance));
    });
  };

  const vectorOf = async (kind: VectorKind, ownerId: number) => {
    const { table, id } = TABLES[kind];
    const owner = kind === "article" ? sql`articles` : sql`stories`;
    const { rows } = await sql<{ embedding: string; model: string | null }>`
      SELECT v.embedding::text AS embedding, o.embedding_model AS model
      FROM ${sql.table(table)} v LEFT JOIN ${owner} o ON o.id = v.${sql.ref(id)}
      WHERE v.${sql.ref(id)} = ${ownerId}`.execute(db);
    const r = rows[0];
    return r ? { vector: parseVector(r.embedding), model: r.model ?? null } : null;
  };

  const articlesByIds = async (ids: number[], since?: number) => {
    if (ids.length === 0) return new Map<number, ArticleRow & { id: number }>();
    const { rows } = await sql<ArticleRow & { id: number }>`
      SELECT ${ARTICLE_COLUMNS} FROM articles a JOIN sources s ON s.id = a.source_id
      WHERE a.id = ANY(${ids}::bigint[]) ${since === undefined ? sql`` : sql`AND a.discovered_at >= ${since}`}`.execute(
      db,
    );
    return new Map(rows.map((r) => [r.id, r]));
  };

  return {
    async nearestArticles({ vector, since, limit }) {
      const hits = await nearest("article", vector, sql<boolean>`o.discovered_at >= ${since}`, limit);
      const byId = await articlesByIds(
        hits.map((h) => h.id),
        since,
      );
      return hits.flatMap((h) => {
        const r = byId.get(h.id);
        // Float error can put a vector's distance to itself just below 0 (a similarity just above 1).
        return r ? [{ article: toArticle(r), distance: clampDistance(h.distance) }] : [];
      });
    },

    async relatedArticles({ vector, candidates, take, keep }) {
      const q = vectorLiteral(vector);
      // The index's order stands: no exact rescoring, no filter.
      const iterative = await iterativeScan();
      const ids = await db.transaction().execute(async (trx) => {
        await tune(trx, iterative, candidates);
        const { rows } = await sql<{ id: number }>`SELECT article_id AS id FROM article_vectors
          ORDER BY embedding <=> ${q}::vector LIMIT ${candidates}`.execute(trx);
        return rows.map((r) => r.id);
      });
      const out: Article[] = [];
      // Rows a few at a time, in the index's order.
      for (let i = 0; i < ids.length && out.length < take; i += take + RELATED_SPARE) {
        const chunk = ids.slice(i, i + take + RELATED_SPARE);
        const byId = await articlesByIds(chunk);
        for (const id of chunk) {
          const r = byId.get(id);
          if (!r) continue;
          const a = toArticle(r);
          if (keep(a)) out.push(a);
          if (out.length === take) break;
        }
      }
      return out;
    },

    async nearestStories({ vector, since, limit }) {
      const hits = await nearest(
        "story",
        vector,
        sql<boolean>`o.last_updated >= ${since} AND o.merged_into IS NULL`,
        limit,
      );
      if (hits.length === 0) return [];
      const rows: StoryRow[] = await db
        .selectFrom("stories")
        .selectAll()
        .where(
          "id",
          "in",
          hits.map((h) => h.id),
        )
        .where("last_updated", ">=", since)
        .where("merged_into", "is", null)
        .execute();
      const records = await toStoryRecords(db, rows);
      const byId = new Map(records.map((r) => [r.id, r]));
      return hits.flatMap((h) => {
        const story = byId.get(h.id);
        return story ? [{ story, distance: clampDistance(h.distance) }] : [];
      });
    },

    async articleCandidatesWithin({ vector, maxDistance, discoveredUntil }) {
      const q = vectorLiteral(vector);
      const iterative = await iterativeScan();
      return db.transaction().execute(async (trx) => {
        const ef = await tune(trx, iterative, EF_MAX, 4 * RANGE_CAP);
        const { rows } = await sql<{ id: number }>`
          SELECT v.article_id AS id FROM article_vectors v
          ${discoveredUntil === undefined ? sql`` : sql`JOIN articles a ON a.id = v.article_id AND a.discovered_at <= ${discoveredUntil}`}
          WHERE v.embedding <=> ${q}::vector <= ${maxDistance}
          ORDER BY v.embedding <=> ${q}::vector LIMIT ${RANGE_CAP + 1}`.execute(trx);
        // Too many, or (without iterative scans) as many as the index's breadth: it cannot say, the caller scans.
        if (rows.length > RANGE_CAP || (!iterative && rows.length >= ef)) return null;
        return new Set(rows.map((r) => r.id));
      });
    },

    async articleVector(articleId) {
      return vectorOf("article", articleId);
    },

    async storyVector(storyId) {
      return vectorOf("story", storyId);
    },
  };
}
