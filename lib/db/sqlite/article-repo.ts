import type { ArticleTicker } from "../../tickers/tag-article";
import type { Db } from "../open-db";
import type { ArticleListQuery, ArticleRepo, IngestResult, NearDuplicateCheck } from "../store";
import type { Article, ContentStatus, EventDraft, NewArticle } from "../types";
import { appendEvent } from "./event-repo";
import { stmt } from "./stmt-cache";
import { vectorsCommitted, vectorWrites } from "./vector-writes";
import { versionReader } from "./versions";

/** An article row with its source's name, slug and language, as `toArticle` reads it. */
export const ARTICLE_SELECT = `SELECT a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language
  FROM articles a JOIN sources s ON s.id = a.source_id`;

interface Row {
  id: number;
  url_hash: string;
  url: string;
  canonical_url: string;
  title: string;
  slug: string;
  source_id: number;
  source_name: string;
  source_slug: string;
  source_language: string | null;
  category: string;
  language: string | null;
  published_at: number;
  discovered_at: number;
  excerpt: string | null;
  image_url: string | null;
  content_status: ContentStatus;
  headline_summary: string | null;
  story_id: number | null;
  duplicate_of: number | null;
  embedding_model: string | null;
  tickers_json?: string | null;
}

export function toArticle(r: Row): Article {
  return {
    id: r.id,
    urlHash: r.url_hash,
    url: r.url,
    canonicalUrl: r.canonical_url,
    title: r.title,
    slug: r.slug,
    sourceId: r.source_id,
    sourceName: r.source_name,
    sourceSlug: r.source_slug,
    sourceLanguage: r.source_language,
    category: r.category,
    language: r.language,
    publishedAt: r.published_at,
    discoveredAt: r.discovered_at,
    excerpt: r.excerpt,
    imageUrl: r.image_url,
    contentStatus: r.content_status,
    headlineSummary: r.headline_summary,
    storyId: r.story_id,
    duplicateOf: r.duplicate_of,
    embeddingModel: r.embedding_model,
    ...(r.tickers_json ? { tickers: JSON.parse(r.tickers_json) as ArticleTicker[] } : {}),
  };
}

export function sqliteArticleRepo(db: Db): ArticleRepo {
  const byHash = db.prepare(`${ARTICLE_SELECT} WHERE a.url_hash = ?`);
  const byId = db.prepare(`${ARTICLE_SELECT} WHERE a.id = ?`);
  const bySlug = db.prepare(`${ARTICLE_SELECT} WHERE a.slug = ? ORDER BY a.id DESC LIMIT 1`);
  const insert =
    db.prepare(`INSERT INTO articles (url_hash, url, canonical_url, title, slug, source_id, category,
      language, published_at, discovered_at, excerpt, image_url)
    VALUES (@urlHash, @url, @canonicalUrl, @title, @slug, @sourceId, @category, @language, @publishedAt,
      @discoveredAt, @excerpt, @imageUrl)
    ON CONFLICT(url_hash) DO NOTHING`);
  const insertFts = db.prepare("INSERT INTO articles_fts (rowid, title, excerpt, body) VALUES (?, ?, ?, '')");
  const insertRecord = db.prepare(
    "INSERT INTO import_records (external_id, article_id) VALUES (?, ?) ON CONFLICT(external_id) DO NOTHING",
  );

  const linkNearDuplicate = nearDuplicateLinker(db);
  const vectors = vectorWrites(db);
  const setModel = db.prepare("UPDATE articles SET embedding_model = ? WHERE id = ?");

  const ingestTx = db.transaction(
    (articles: NewArticle[], event: (a: Article) => EventDraft, near?: NearDuplicateCheck): IngestResult => {
      const inserted: Article[] = [];
      const existing: Article[] = [];
      for (const input of articles) {
        const info = insert.run({
          ...input,
          excerpt: input.excerpt ?? null,
          imageUrl: input.imageUrl ?? null,
        });
        if (info.changes > 0 && near) linkNearDuplicate(Number(info.lastInsertRowid), input, near);
        // Stored with the article, before its item.new is appended: the event carries it (contract §6.12, §8.4).
        if (info.changes > 0 && input.embedding) {
          vectors.put("article", Number(info.lastInsertRowid), input.embedding.vector);
          setModel.run(input.embedding.model, info.lastInsertRowid);
        }
        const row = (info.changes > 0 ? byId.get(info.lastInsertRowid) : byHash.get(input.urlHash)) as Row;
        const article = toArticle(row);
        if (input.externalId !== undefined) insertRecord.run(input.externalId, article.id);
        if (info.changes === 0) {
          existing.push(article);
          continue;
        }
        insertFts.run(article.id, article.title, article.excerpt ?? "");
        appendEvent(db, event(article));
        inserted.push(article);
      }
      return { inserted, existing };
    },
  );

  const version = versionReader(db, "article_version");
  return {
    async version() {
      return version();
    },
    async ingest(articles, event, nearDuplicates) {
      const result = ingestTx.immediate(articles, event, nearDuplicates);
      if (articles.some((a) => a.embedding)) vectorsCommitted(db);
      return result;
    },
    async pruneNearDuplicateIndex(before) {
      return db.prepare("DELETE FROM article_lsh WHERE at < ?").run(before).changes;
    },
    async getByHash(urlHash) {
      const r = byHash.get(urlHash) as Row | undefined;
      return r ? toArticle(r) : null;
    },
    async getBySlug(slug) {
      const r = bySlug.get(slug) as Row | undefined;
      return r ? toArticle(r) : null;
    },
    async list(q) {
      return listArticles(db, q);
    },
    async count() {
      return (db.prepare("SELECT COUNT(*) AS n FROM articles").get() as { n: number }).n;
    },
    async knownExternalIds(ids) {
      const known = new Set<string>();
      const stmt = db.prepare("SELECT external_id FROM import_records WHERE external_id = ?").pluck();
      for (const id of ids) if (stmt.get(id) !== undefined) known.add(id);
      return known;
    },
    async *exportAssignments() {
      const stmt =
        db.prepare(`SELECT r.external_id AS externalId, a.url_hash AS urlHash, a.story_id AS storyId
        FROM articles a LEFT JOIN import_records r ON r.article_id = a.id ORDER BY a.id, r.rowid`);
      for (const row of stmt.iterate())
        yield row as { externalId: string | null; urlHash: string; storyId: number | null };
    },
  };
}

// A generic headline can share its key with many articles; the newest few are the ones a copy follows.
const MAX_CANDIDATES = 64;

/**
 * Inside the ingest transaction: finds recent articles sharing an LSH key with the new one (index probes, not a
 * scan), links it to the earliest original whose text it repeats, and indexes its own keys.
 */
function nearDuplicateLinker(db: Db) {
  const probe = db
    .prepare(
      "SELECT article_id FROM article_lsh WHERE key = ? AND at BETWEEN ? AND ? ORDER BY at DESC LIMIT ?",
    )
    .pluck();
  const candidate = db.prepare("SELECT id, title, excerpt, duplicate_of FROM articles WHERE id = ?");
  const link = db.prepare("UPDATE articles SET duplicate_of = ? WHERE id = ?");
  const index = db.prepare("INSERT INTO article_lsh (key, at, article_id) VALUES (?, ?, ?)");
  return (id: number, a: NewArticle, near: NearDuplicateCheck): void => {
    const keys = near.keys(a);
    if (keys.length === 0) return;
    const at = a.publishedAt || a.discoveredAt;
    const seen = new Set<number>();
    for (const key of keys)
      for (const cid of probe.all(key, at - near.windowMs, at + near.windowMs, MAX_CANDIDATES) as number[])
        if (cid !== id) seen.add(cid);
    let original: number | null = null;
    for (const cid of seen) {
      const c = candidate.get(cid) as
        | { id: number; title: string; excerpt: string | null; duplicate_of: number | null }
        | undefined;
      if (!c || !near.same(a, c)) continue;
      const root = c.duplicate_of ?? c.id;
      if (original === null || root < original) original = root;
    }
    if (original !== null) link.run(original, id);
    for (const key of keys) index.run(key, at, id);
  };
}

/**
 * Whether a keyword's page is cheaper read along the time index than by sorting its matches. Sorting reads every
 * match's row (a random read each, from disk once the table outgrows memory); the walk reads about
 * `rows / matches` index entries per article of the page, in order, each some 50 times cheaper than a row read.
 * So the walk wins once matches² > (offset + limit) × rows / 50: past ~630 matches at 1M articles, ~60 at 10k.
 */
export function walkTimeIndex(matches: number, rows: number, pageEnd: number): boolean {
  return matches * matches > (pageEnd * rows) / 50;
}

function listArticles(db: Db, q: ArticleListQuery): { items: Article[]; total: number } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  const field = q.sortBy === "published" ? "a.published_at" : "a.discovered_at";
  const add = (clause: string, name?: string, value?: unknown) => {
    where.push(clause);
    if (name) params[name] = value;
  };
  if (q.category) add("a.category = @category", "category", q.category);
  if (q.contentStatus) add("a.content_status = @status", "status", q.contentStatus);
  // FTS5 reads its query as a C string: a NUL would cut the phrase short, so such a keyword scans.
  const trigrams = !!q.keyword && [...q.keyword].length >= 3 && !q.keyword.includes("\u0000");
  if (q.keyword && trigrams) {
    // A keyword of 3 or more characters is a phrase of the title trigram index (migration 011): its matches are
    // exactly the titles holding the keyword as a substring, case folded as Unicode folds it.
    add(
      "a.id IN (SELECT rowid FROM articles_title_tri WHERE articles_title_tri MATCH @trigrams)",
      "trigrams",
      `"${q.keyword.replaceAll('"', '""')}"`,
    );
  } else if (q.keyword) {
    // instr over lower() is a plain substring match: LIKE would treat % and _ in the keyword as wildcards.
    add("instr(lower(a.title), @keyword) > 0", "keyword", q.keyword.toLowerCase());
  }
  const keywordOnly =
    trigrams && where.length === 1 && !q.sourceIds && q.dateFrom === undefined && q.dateTo === undefined;
  if (q.tickers?.length)
    add(
      "a.id IN (SELECT article_id FROM article_tickers WHERE symbol IN (SELECT value FROM json_each(@tickers)))",
      "tickers",
      JSON.stringify(q.tickers),
    );
  if (q.sourceIds) add(`a.source_id IN (${q.sourceIds.map((id) => Number(id)).join(",") || "NULL"})`);
  if (q.dateFrom !== undefined) add(`${field} >= @from`, "from", q.dateFrom);
  if (q.dateTo !== undefined) add(`${field} <= @to`, "to", q.dateTo);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const dir = q.sortOrder === "asc" ? "ASC" : "DESC";
  // A keyword alone is counted in the trigram index, without reading an article row.
  const total = keywordOnly
    ? (stmt(db, "SELECT COUNT(*) FROM articles_title_tri WHERE articles_title_tri MATCH @trigrams")
        .pluck()
        .get({ trigrams: params.trigrams }) as number)
    : (stmt(db, `SELECT COUNT(*) FROM articles a ${clause}`).pluck().get(params) as number);
  // A keyword held by many titles: walking the newest articles along the time index meets the first page's
  // matches after a few thousand index entries, where sorting every match would read each of their rows.
  const walk =
    keywordOnly &&
    dir === "DESC" &&
    walkTimeIndex(
      total,
      (stmt(db, "SELECT MAX(id) FROM articles").pluck().get() as number | null) ?? 0,
      q.offset + q.limit,
    );
  const index = field === "a.published_at" ? "articles_published" : "articles_discovered";
  const select = walk
    ? ARTICLE_SELECT.replace("FROM articles a ", `FROM articles a INDEXED BY ${index} `)
    : ARTICLE_SELECT;
  const rows = stmt(
    db,
    `${select} ${clause} ORDER BY ${field} ${dir}, a.id DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit: q.limit, offset: q.offset }) as Row[];
  return { items: rows.map(toArticle), total };
}
