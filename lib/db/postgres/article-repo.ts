import { sql } from "kysely";

import type { ArticleListQuery, ArticleRepo, IngestResult, NearDuplicateCheck } from "../store";
import type { Article, NewArticle } from "../types";
import type { PgDb } from "./connect";
import {
  ARTICLE_COLUMNS,
  likeEscape,
  readVersion,
  selectArticles,
  toArticle,
  vectorText,
  type PgContentOptions,
  type PgExecutor,
} from "./content-rows";
import { pgAppendEvent } from "./event-repo";

/**
 * The key of the transaction-scoped advisory lock ingests take: ingests run one at a time, as under SQLite's single
 * writer, so articles (and their `item.new` events) get ids in commit order and two batches holding the same URLs
 * in different orders never deadlock on the url_hash index.
 */
export const INGEST_LOCK = 0x1ede_0020;

// A generic headline can share its key with many articles; the newest few are the ones a copy follows.
const MAX_CANDIDATES = 64;

/** Unicode lower case whatever the database's locale (the title trigram index is built on it, migration 20). */
export const lowerTitle = sql<string>`lower(a.title COLLATE "und-x-icu")`;

export function pgArticleRepo(db: PgDb, options: PgContentOptions = {}): ArticleRepo {
  const byId = (ex: PgExecutor, id: number) =>
    selectArticles(ex).where("a.id", "=", id).executeTakeFirstOrThrow();
  const byHash = (ex: PgExecutor, urlHash: string) =>
    selectArticles(ex).where("a.url_hash", "=", urlHash).executeTakeFirst();

  return {
    async version() {
      return readVersion(db, "article_version");
    },

    async ingest(articles, event, near) {
      return db.transaction().execute(async (trx): Promise<IngestResult> => {
        await sql`SELECT pg_advisory_xact_lock(${INGEST_LOCK})`.execute(trx);
        const inserted: Article[] = [];
        const existing: Article[] = [];
        for (const input of articles) {
          const stored = await trx
            .insertInto("articles")
            .values({
              url_hash: input.urlHash,
              url: input.url,
              canonical_url: input.canonicalUrl,
              title: input.title,
              slug: input.slug,
              source_id: input.sourceId,
              category: input.category,
              language: input.language,
              published_at: input.publishedAt,
              discovered_at: input.discoveredAt,
              excerpt: input.excerpt ?? null,
              image_url: input.imageUrl ?? null,
              // Stored with the article, before its item.new is appended: the event carries it.
              embedding_model: options.vectors && input.embedding ? input.embedding.model : null,
            })
            .onConflict((oc) => oc.column("url_hash").doNothing())
            .returning("id")
            .executeTakeFirst();
          if (stored && near) await linkNearDuplicate(trx, stored.id, input, near);
          if (stored && input.embedding && options.vectors)
            await sql`INSERT INTO article_vectors (article_id, embedding)
              VALUES (${stored.id}, ${vectorText(input.embedding.vector)}::vector)
              ON CONFLICT (article_id) DO UPDATE SET embedding = excluded.embedding`.execute(trx);
          const row = stored ? await byId(trx, stored.id) : await byHash(trx, input.urlHash);
          const article = toArticle(row!);
          if (input.externalId !== undefined)
            await trx
              .insertInto("import_records")
              .values({ external_id: input.externalId, article_id: article.id })
              .onConflict((oc) => oc.column("external_id").doNothing())
              .execute();
          if (!stored) {
            existing.push(article);
            continue;
          }
          inserted.push(article);
        }
        // The events last, after every other write: the event log's append lock is then held only to the commit.
        for (const article of inserted) await pgAppendEvent(trx, event(article), db);
        return { inserted, existing };
      });
    },

    async pruneNearDuplicateIndex(before) {
      const r = await db.deleteFrom("article_lsh").where("at", "<", before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async getByHash(urlHash) {
      const r = await byHash(db, urlHash);
      return r ? toArticle(r) : null;
    },

    async getBySlug(slug) {
      const r = await selectArticles(db)
        .where("a.slug", "=", slug)
        .orderBy("a.id", "desc")
        .limit(1)
        .executeTakeFirst();
      return r ? toArticle(r) : null;
    },

    async list(q) {
      return listArticles(db, q);
    },

    async count() {
      const r = await db
        .selectFrom("articles")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return r.n;
    },

    async knownExternalIds(ids) {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom("import_records")
        .select("external_id")
        .where("external_id", "=", sql<string>`ANY(${ids}::text[])`)
        .execute();
      return new Set(rows.map((r) => r.external_id));
    },

    async *exportAssignments() {
      // Pages along (article id, record order), as SQLite's ORDER BY a.id, r.rowid.
      let after: [number, number] = [0, 0];
      for (;;) {
        const rows = await sql<{
          externalId: string | null;
          urlHash: string;
          storyId: number | null;
          id: number;
          seq: number;
        }>`SELECT r.external_id AS "externalId", a.url_hash AS "urlHash", a.story_id AS "storyId", a.id,
             COALESCE(r.seq, 0) AS seq
           FROM articles a LEFT JOIN import_records r ON r.article_id = a.id
           WHERE (a.id, COALESCE(r.seq, 0)) > (${after[0]}::bigint, ${after[1]}::bigint)
           ORDER BY a.id, COALESCE(r.seq, 0) LIMIT 1000`
          .execute(db)
          .then((r) => r.rows);
        for (const { externalId, urlHash, storyId } of rows) yield { externalId, urlHash, storyId };
        if (rows.length < 1000) return;
        const last = rows.at(-1)!;
        after = [last.id, last.seq];
      }
    },
  };
}

/**
 * Inside the ingest transaction: finds recent articles sharing an LSH key with the new one (index probes, not a
 * scan), links it to the earliest original whose text it repeats, and indexes its own keys.
 */
async function linkNearDuplicate(trx: PgExecutor, id: number, a: NewArticle, near: NearDuplicateCheck) {
  const keys = near.keys(a);
  if (keys.length === 0) return;
  const at = a.publishedAt || a.discoveredAt;
  const seen = await sql<{ article_id: number }>`SELECT DISTINCT p.article_id
    FROM unnest(${keys}::bigint[]) AS k(key)
    CROSS JOIN LATERAL (SELECT article_id FROM article_lsh
      WHERE key = k.key AND at BETWEEN ${at - near.windowMs} AND ${at + near.windowMs}
      ORDER BY at DESC LIMIT ${MAX_CANDIDATES}) p`
    .execute(trx)
    .then((r) => r.rows.map((x) => x.article_id).filter((cid) => cid !== id));
  let original: number | null = null;
  if (seen.length > 0) {
    const candidates = await trx
      .selectFrom("articles")
      .select(["id", "title", "excerpt", "duplicate_of"])
      .where("id", "=", sql<number>`ANY(${seen}::bigint[])`)
      .execute();
    for (const c of candidates) {
      if (!near.same(a, c)) continue;
      const root = c.duplicate_of ?? c.id;
      if (original === null || root < original) original = root;
    }
  }
  if (original !== null)
    await trx.updateTable("articles").set({ duplicate_of: original }).where("id", "=", id).execute();
  await trx
    .insertInto("article_lsh")
    .values(keys.map((key) => ({ key, at, article_id: id })))
    .execute();
}

async function listArticles(db: PgDb, q: ArticleListQuery): Promise<{ items: Article[]; total: number }> {
  // PostgreSQL text holds no NUL, so no title holds a keyword with one.
  if (q.keyword?.includes("\u0000")) return { items: [], total: 0 };
  const field = q.sortBy === "published" ? "a.published_at" : "a.discovered_at";
  let base = db.selectFrom("articles as a");
  if (q.category) base = base.where("a.category", "=", q.category);
  if (q.contentStatus) base = base.where("a.content_status", "=", q.contentStatus);
  if (q.keyword) {
    // Three characters or more: a LIKE the title trigram index answers (migration 20); shorter: a substring test.
    // Both case-insensitive as Unicode folds case (SQLite: the trigram table, or lower() of ASCII letters).
    base =
      [...q.keyword].length >= 3
        ? base.where(
            lowerTitle,
            "like",
            sql<string>`'%' || lower(${likeEscape(q.keyword)}::text COLLATE "und-x-icu") || '%'`,
          )
        : base.where(
            sql<number>`strpos(${lowerTitle}, lower(${q.keyword}::text COLLATE "und-x-icu"))`,
            ">",
            0,
          );
  }
  if (q.tickers?.length)
    base = base.where("a.id", "in", (eb) =>
      eb
        .selectFrom("article_tickers")
        .select("article_id")
        .where("symbol", "=", sql<string>`ANY(${q.tickers}::text[])`),
    );
  if (q.sourceIds)
    base = q.sourceIds.length
      ? base.where("a.source_id", "in", q.sourceIds.map(Number))
      : base.where(sql<boolean>`false`);
  if (q.dateFrom !== undefined) base = base.where(field, ">=", q.dateFrom);
  if (q.dateTo !== undefined) base = base.where(field, "<=", q.dateTo);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin("sources as s", "s.id", "a.source_id")
    .select(ARTICLE_COLUMNS)
    .orderBy(field, q.sortOrder === "asc" ? "asc" : "desc")
    .orderBy("a.id", "desc")
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { items: rows.map(toArticle), total: n };
}
