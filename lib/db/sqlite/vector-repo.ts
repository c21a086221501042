import path from "node:path";

import { clampDistance, EMBEDDING_DIMENSIONS } from "../../embeddings/embedder";
import { embeddingFromBlob, embeddingToBlob } from "../../embeddings/encode";
import { logger } from "../../logger";
import type { Db } from "../open-db";
import type { VectorRepo } from "../store";
import type { Article } from "../types";
import { toArticle } from "./article-repo";
import { stmt } from "./stmt-cache";
import { storyRecordReader, type StoryRow } from "./story-repo";
import {
  EXACT_ROWS,
  EXACT_ROWS_MAX,
  exactDistances,
  nearestFirst,
  poolFor,
  windowCandidates,
  withinDistance,
  type Hit,
} from "./vector-index/nearest";
import { VectorIndex, type VectorIndexOptions } from "./vector-index/vector-index";
import { sqliteVectorSource } from "./vector-index/vector-source";
import { onVectorsCommitted, VECTOR_TABLE, type VectorKind } from "./vector-writes";

type ArticleRow = Parameters<typeof toArticle>[0];

const ARTICLE_COLUMNS = "a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language";
const DAY_MS = 86_400_000;

// The exact searches, for when the index is not ready (being built or catching up on a big backlog) and the window
// is too big for point reads. sqlite-vec takes the window as a rowid set, so the k nearest are taken among
// in-window rows only, but it still reads every chunk: linear in the archive. A zero stored vector has no cosine
// distance (NULL) and is left out, in JS: a WHERE on the distance would be handed to vec0 as a KNN constraint.
const SCAN_ARTICLES = `
  SELECT rowid AS id, distance FROM article_vectors
  WHERE embedding MATCH @vector AND k = @limit
    AND rowid IN (SELECT id FROM articles WHERE discovered_at >= @since)`;
const SCAN_STORIES = `
  SELECT rowid AS id, distance FROM story_vectors
  WHERE embedding MATCH @vector AND k = @limit
    AND rowid IN (SELECT id FROM stories WHERE last_updated >= @since AND merged_into IS NULL)`;

const IN_WINDOW = {
  article: "SELECT id FROM articles WHERE discovered_at >= ? LIMIT ?",
  story: "SELECT id FROM stories WHERE last_updated >= ? AND merged_into IS NULL LIMIT ?",
};
const STORY_ROWS_CAP = 200_000;
/** Rows read beyond what related articles need, per read: some are copies or repeated headlines, left out. */
const RELATED_SPARE = 4;
/** Graph candidates a range search may hold before it gives up (the caller then scans). */
const RANGE_CAP = 16_384;
/** Added to a range search's radius: the graph's distances are quantized (f16), so a match on the line is kept. */
const RANGE_SLACK = 0.02;

/** Tunables of the approximate indexes; the defaults serve the embedded store. */
export interface VectorRepoOptions extends Partial<Omit<VectorIndexOptions, "params">> {
  params?: Partial<VectorIndexOptions["params"]>;
}

export interface SqliteVectorRepo extends VectorRepo {
  indexes: Record<VectorKind, VectorIndex>;
}

function indexOptions(db: Db, kind: VectorKind, options: VectorRepoOptions): VectorIndexOptions {
  const { params, ...o } = options;
  const dir = db.memory ? null : path.join(path.dirname(db.name), "vector-index");
  return {
    dir,
    // f16 halves the graph's memory; the exact rescoring makes up for what it costs in ordering.
    params: {
      dimensions: EMBEDDING_DIMENSIONS,
      quantization: "f16",
      connectivity: 16,
      expansionAdd: 128,
      expansionSearch: 128,
      ...params,
    },
    // Articles: a graph over the last 7 days too, so the default 72-hour window needs no wide over-fetch.
    recentMs: kind === "article" ? 7 * DAY_MS : null,
    inlineLimit: dir ? 2_000 : Infinity,
    sliceMs: 50,
    batch: 64,
    saveEvery: 5_000,
    saveIntervalMs: 5 * 60_000,
    logKeep: 200_000,
    now: Date.now,
    log: (msg, fields) => logger.info(fields ?? {}, msg),
    ...o,
    ...(o.recentMs !== undefined ? { recentMs: kind === "article" ? o.recentMs : null } : {}),
  } as VectorIndexOptions;
}

/**
 * Nearest neighbours over article and story vectors: an HNSW index (usearch) per kind beside the database,
 * rescored exactly from the vec0 tables, which stay the source of truth. Small windows are searched exactly.
 */
export function sqliteVectorRepo(db: Db, options: VectorRepoOptions = {}): SqliteVectorRepo {
  const readStory = storyRecordReader(db);
  const alive = () => db.open;
  const indexes = {
    article: new VectorIndex(
      { ...sqliteVectorSource(db, "article"), alive },
      indexOptions(db, "article", options),
    ),
    story: new VectorIndex({ ...sqliteVectorSource(db, "story"), alive }, indexOptions(db, "story", options)),
  };
  onVectorsCommitted(db, () => {
    indexes.article.refreshIfOpen();
    indexes.story.refreshIfOpen();
  });

  /**
   * Candidate ids, nearest first, then exact distances: the plan is chosen per query (see nearest.ts). Without
   * `rescore`, candidates the graph found come in its order with its (f16) distances, and no stored vector is read.
   */
  const nearest = (
    kind: VectorKind,
    vector: Float32Array,
    since: number,
    limit: number,
    rescore = true,
  ): Hit[] => {
    const table = VECTOR_TABLE[kind];
    const query = embeddingToBlob(vector);
    // Up to `cap` ids of the window (owners with or without a vector), read from the owner table's index.
    const inWindow = (cap: number) =>
      stmt(db, IN_WINDOW[kind])
        .pluck()
        .all(since, cap + 1) as number[];
    const exact = (ids: number[]) => nearestFirst(exactDistances(db, table, query, ids), limit);
    const small = inWindow(EXACT_ROWS);
    if (small.length <= EXACT_ROWS) return exact(small);
    const index = indexes[kind];
    const pool = poolFor(limit);
    let ids: Hit[] | null = null;
    if (index.ready()) {
      if (kind === "article") {
        const { set, rows } = index.window(since);
        const accept = (id: number) => index.timeOf(id) >= since;
        ids = windowCandidates({ set, vector, pool, rows, fraction: rows / Math.max(1, set.size), accept });
      } else {
        const accept = storyFilter(since);
        const rows = storyRows(since);
        const fraction = rows / Math.max(1, index.size);
        ids = windowCandidates({ set: index.window(0).set, vector, pool, rows, fraction, accept });
      }
    }
    if (ids && !rescore) return ids.slice(0, limit);
    // The page the graph ranks first, with exact distances: every rescored candidate is a point read, which on an
    // archive bigger than memory is a disk read, and rescoring a wider pool moved recall@10 by nothing measurable.
    // A candidate whose stored vector is gone (deleted by a writer the index has not heard from) gives way to the
    // next one.
    if (ids) {
      const page: Hit[] = [];
      for (let i = 0; page.length < limit && i < ids.length; ) {
        const next = ids.slice(i, i + limit - page.length);
        i += next.length;
        page.push(
          ...exactDistances(
            db,
            table,
            query,
            next.map((h) => h.id),
          ),
        );
      }
      return nearestFirst(page, limit);
    }
    const window = inWindow(EXACT_ROWS_MAX);
    if (window.length <= EXACT_ROWS_MAX) return exact(window);
    const scan = stmt(db, kind === "article" ? SCAN_ARTICLES : SCAN_STORIES).all({
      vector: query,
      since,
      limit,
    });
    return nearestFirst(
      (scan as Array<{ id: number; distance: number | null }>).flatMap((r) =>
        r.distance === null ? [] : [{ id: r.id, distance: r.distance }],
      ),
      limit,
    );
  };

  const storyFilter = (since: number) => {
    const eligible = stmt(
      db,
      "SELECT 1 FROM stories WHERE id = ? AND last_updated >= ? AND merged_into IS NULL",
    ).pluck();
    return (id: number) => eligible.get(id, since) !== undefined;
  };
  const storyRows = (since: number) =>
    stmt(
      db,
      `SELECT count(*) FROM (SELECT 1 FROM stories WHERE last_updated >= ? AND merged_into IS NULL LIMIT ${STORY_ROWS_CAP})`,
    )
      .pluck()
      .get(since) as number;

  const vectorOf = (kind: VectorKind, id: number) => {
    const blob = stmt(db, `SELECT embedding FROM ${VECTOR_TABLE[kind]} WHERE rowid = ?`)
      .pluck()
      .get(BigInt(id)) as Buffer | undefined;
    if (!blob) return null;
    const owner = kind === "article" ? "articles" : "stories";
    const model = stmt(db, `SELECT embedding_model FROM ${owner} WHERE id = ?`).pluck().get(id) as
      | string
      | null
      | undefined;
    return { vector: embeddingFromBlob(blob), model: model ?? null };
  };

  return {
    indexes,

    async relatedArticles({ vector, candidates, take, keep }) {
      const hits = nearest("article", vector, 0, candidates, false);
      const read = stmt(
        db,
        `SELECT ${ARTICLE_COLUMNS} FROM articles a JOIN sources s ON s.id = a.source_id
         WHERE a.id IN (SELECT value FROM json_each(?))`,
      );
      const out: Article[] = [];
      // Rows a few at a time, in the graph's order: on an archive bigger than memory each is a disk read.
      for (let i = 0; i < hits.length && out.length < take; i += take + RELATED_SPARE) {
        const chunk = hits.slice(i, i + take + RELATED_SPARE);
        const rows = read.all(JSON.stringify(chunk.map((h) => h.id))) as Array<ArticleRow & { id: number }>;
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const h of chunk) {
          const r = byId.get(h.id);
          if (!r) continue;
          const a = toArticle(r);
          if (keep(a)) out.push(a);
          if (out.length === take) break;
        }
      }
      return out;
    },

    async nearestArticles({ vector, since, limit }) {
      const hits = nearest("article", vector, since, limit);
      const rows = stmt(
        db,
        `SELECT ${ARTICLE_COLUMNS} FROM articles a JOIN sources s ON s.id = a.source_id
         WHERE a.id IN (SELECT value FROM json_each(?)) AND a.discovered_at >= ?`,
      ).all(JSON.stringify(hits.map((h) => h.id)), since) as Array<ArticleRow & { id: number }>;
      const byId = new Map(rows.map((r) => [r.id, r]));
      return hits.flatMap((h) => {
        const r = byId.get(h.id);
        // Float error can put a vector's distance to itself just below 0 (a similarity just above 1).
        return r ? [{ article: toArticle(r), distance: clampDistance(h.distance) }] : [];
      });
    },

    async nearestStories({ vector, since, limit }) {
      const hits = nearest("story", vector, since, limit);
      const rows = stmt(
        db,
        `SELECT * FROM stories WHERE id IN (SELECT value FROM json_each(?))
         AND last_updated >= ? AND merged_into IS NULL`,
      ).all(JSON.stringify(hits.map((h) => h.id)), since) as StoryRow[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return hits.flatMap((h) => {
        const r = byId.get(h.id);
        return r ? [{ story: readStory(r), distance: clampDistance(h.distance) }] : [];
      });
    },

    async articleCandidatesWithin({ vector, maxDistance, discoveredUntil }) {
      const index = indexes.article;
      if (!index.ready()) return null;
      const found = withinDistance({
        set: index.window(0).set,
        vector,
        maxDistance: maxDistance + RANGE_SLACK,
        cap: RANGE_CAP,
      });
      if (!found || discoveredUntil === undefined) return found;
      // The index holds each article's discovery time; an id it has no time for stays in.
      for (const id of found) if (index.timeOf(id) > discoveredUntil) found.delete(id);
      return found;
    },

    async articleVector(articleId) {
      return vectorOf("article", articleId);
    },

    async storyVector(storyId) {
      return vectorOf("story", storyId);
    },
  };
}
