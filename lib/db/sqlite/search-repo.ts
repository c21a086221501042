import type { Db } from "../open-db";
import type { SearchRepo } from "../store";
import type { Article } from "../types";
import { toArticle } from "./article-repo";
import { stmt } from "./stmt-cache";

// Title matches count five times an excerpt match and ten times a match in the extracted text: a headline states
// what the article is about, a body mentions much in passing.
const BM25 = "bm25(articles_fts, 10.0, 2.0, 1.0)";
const ARTICLE_COLUMNS = "a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language";

type Row = Parameters<typeof toArticle>[0];

/**
 * Matches are ranked in tiers of this many, newest first: the first page ranks the newest 2,000 matches by
 * relevance, page 101 (at 20 a page) the next 2,000. bm25() costs about a microsecond a match, so ranking every
 * match of a common word grows with the corpus (tens of ms at 1M articles); a tier costs the same at any size.
 * A query with fewer matches than a tier is ranked as a whole.
 */
export const SEARCH_TIER = 2000;

/** The tiers a page [offset, offset + limit) spans (at most two, limits being at most 100): start, skip, take. */
export function tiersOf(
  offset: number,
  limit: number,
): Array<{ start: number; within: number; take: number }> {
  const out = [];
  for (let o = offset; o < offset + limit; ) {
    const start = Math.floor(o / SEARCH_TIER) * SEARCH_TIER;
    const stop = Math.min(offset + limit, start + SEARCH_TIER);
    out.push({ start, within: o - start, take: stop - o });
    o = stop;
  }
  return out;
}

export function sqliteSearchRepo(db: Db): SearchRepo {
  return {
    async articles({ match, limit, offset }) {
      const items: Array<{ article: Article; score: number }> = [];
      let total: number | undefined;
      for (const t of tiersOf(offset, limit)) {
        // Rank and page inside FTS5 first: joining every match to its article before sorting costs more.
        const rows = stmt(
          db,
          `WITH tier AS MATERIALIZED (
             SELECT rowid AS id, ${BM25} AS b FROM articles_fts WHERE articles_fts MATCH @match
             ORDER BY rowid DESC LIMIT ${SEARCH_TIER} OFFSET @start),
           hits AS MATERIALIZED (SELECT id, b FROM tier ORDER BY b, id DESC LIMIT @take OFFSET @within)
           SELECT ${ARTICLE_COLUMNS}, -hits.b AS score, (SELECT COUNT(*) FROM tier) AS tier_size
           FROM hits JOIN articles a ON a.id = hits.id JOIN sources s ON s.id = a.source_id
           ORDER BY hits.b, a.id DESC`,
        ).all({ match, ...t }) as Array<Row & { score: number; tier_size: number }>;
        for (const r of rows) items.push({ article: toArticle(r), score: r.score });
        // A first tier that is not full holds every match: no need to count them.
        if (t.start === 0 && rows[0] && rows[0].tier_size < SEARCH_TIER) total = rows[0].tier_size;
      }
      total ??= stmt(db, "SELECT COUNT(*) FROM articles_fts WHERE articles_fts MATCH ?")
        .pluck()
        .get(match) as number;
      return { items, total };
    },

    async full({ match, exclude, entityIds, limit, offset }) {
      const sql = fullSearchSql(match !== null, exclude !== null, entityIds.length);
      const params: Record<string, unknown> = { match, exclude, n: Math.max(1, entityIds.length) };
      entityIds.forEach((id, i) => (params[`e${i}`] = id));
      const used = (text: string, p: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(p).filter(([k]) => new RegExp(`@${k}\\b`).test(text)));
      const page: Array<Row & { rank: number; text_hit: number; window_size: number }> = [];
      let total: number | undefined;
      for (const t of tiersOf(offset, limit)) {
        const rows = stmt(db, sql.page).all(
          used(sql.page, { ...params, ...t, upto: t.start + SEARCH_TIER }),
        ) as typeof page;
        page.push(...rows);
        if (t.start === 0 && rows[0] && rows[0].window_size < SEARCH_TIER) total = rows[0].window_size;
      }
      total ??= stmt(db, sql.total)
        .pluck()
        .get(used(sql.total, { ...params, ids: JSON.stringify(entityIds) })) as number;
      const snippets = match
        ? snippetsFor(
            db,
            match,
            page.filter((r) => r.text_hit).map((r) => r.id),
          )
        : new Map();
      return {
        total,
        hits: page.map((r) => ({ article: toArticle(r), rank: r.rank, snippet: snippets.get(r.id) ?? null })),
      };
    },

    async entityIdsNamed(names) {
      if (names.length === 0) return [];
      return stmt(
        db,
        `SELECT id FROM entities WHERE lower(name) IN (SELECT lower(value) FROM json_each(@names))
         UNION SELECT entity_id FROM entity_aliases WHERE lower(alias) IN (SELECT lower(value) FROM json_each(@names))`,
      )
        .pluck()
        .all({ names: JSON.stringify(names) }) as number[];
    },

    async entityNamesByPrefix(prefixes, limit) {
      // LIKE 'p%' (case-insensitive for ASCII letters only) as ranges of the lower(name) and lower(alias) indexes:
      // the names starting with one of the prefixes are read from the index, never every entity.
      const keys = [...new Set(prefixes.map(asciiLower))].filter((k) => k.length > 0);
      if (keys.length === 0) return [];
      const ranges = JSON.stringify(keys.map((k) => [k, `${k}\u{10FFFF}`]));
      return stmt(
        db,
        `WITH r AS (SELECT value ->> '$[0]' AS lo, value ->> '$[1]' AS hi FROM json_each(@ranges)),
         hit AS (
           SELECT e.id FROM r JOIN entities e INDEXED BY entities_lower_name
             ON lower(e.name) >= r.lo AND lower(e.name) < r.hi
           UNION
           SELECT x.entity_id FROM r JOIN entity_aliases x INDEXED BY entity_aliases_lower_alias
             ON lower(x.alias) >= r.lo AND lower(x.alias) < r.hi)
         SELECT e.name FROM hit JOIN entities e ON e.id = hit.id
         ORDER BY e.article_count DESC, e.id DESC LIMIT @limit`,
      )
        .pluck()
        .all({ ranges, limit }) as string[];
    },

    async recentTitles(match, limit) {
      return stmt(
        db,
        `SELECT a.title FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid
         WHERE articles_fts MATCH ? ORDER BY articles_fts.rowid DESC LIMIT ?`,
      )
        .pluck()
        .all(match, limit) as string[];
    },

    async recentTitlesContaining(text, limit) {
      if ([...text].length < 3 || text.includes("\u0000")) return null;
      return stmt(
        db,
        `SELECT a.title FROM articles_title_tri t JOIN articles a ON a.id = t.rowid
         WHERE articles_title_tri MATCH ? ORDER BY t.rowid DESC LIMIT ?`,
      )
        .pluck()
        .all(`"${text.replaceAll('"', '""')}"`, limit) as string[];
    },

    async categoriesInUse() {
      return stmt(
        db,
        "SELECT DISTINCT category FROM articles UNION SELECT DISTINCT category FROM sources ORDER BY 1",
      )
        .pluck()
        .all() as string[];
    },

    async topTags(limit) {
      return stmt(db, "SELECT tag FROM article_tags GROUP BY tag ORDER BY COUNT(*) DESC, tag ASC LIMIT ?")
        .pluck()
        .all(limit) as string[];
    },

    async totals() {
      return stmt(
        db,
        `SELECT (SELECT COUNT(*) FROM articles) AS articles,
           (SELECT COUNT(*) FROM stories WHERE merged_into IS NULL) AS stories,
           (SELECT COUNT(*) FROM entities) AS entities,
           (SELECT COUNT(*) FROM sources) AS sources`,
      ).get() as { articles: number; stories: number; entities: number; sources: number };
    },
  };
}

/**
 * The SQL of a full search (one statement per shape: text or not, exclusions or not, how many entities). Candidates
 * are the text hits (score s = −BM25) and the articles linked to the detected entities, less the exclusions; a tier
 * is a window of them by id, newest first (see SEARCH_TIER), and every part reads at most `@upto` rows: FTS5 in rowid
 * order, article_entities_entity one entity at a time. k = how many of the detected entities an article is linked
 * to: an article linked to every one gains as much as the tier's best text hit scores, so entity matches stand
 * beside text matches on the same scale whatever the corpus size.
 */
function fullSearchSql(text: boolean, exclude: boolean, entities: number): { page: string; total: string } {
  const parts = text
    ? [
        `SELECT * FROM (SELECT rowid AS id, -${BM25} AS s, NULL AS entity_id FROM articles_fts
         WHERE articles_fts MATCH @match ORDER BY rowid DESC LIMIT @upto)`,
      ]
    : [];
  // One part per entity, so each reads its newest links in index order; (article, entity) pairs are unique.
  for (let i = 0; i < entities; i++)
    parts.push(
      `SELECT * FROM (SELECT article_id AS id, NULL AS s, entity_id FROM article_entities
       WHERE entity_id = @e${i}${exclude ? " AND article_id NOT IN x" : ""} ORDER BY article_id DESC LIMIT @upto)`,
    );
  // MATERIALIZED: FTS5 computes bm25() only while scanning its own MATCH, not inside a flattened join.
  const page = `WITH ${exclude ? "x AS MATERIALIZED (SELECT rowid FROM articles_fts WHERE articles_fts MATCH @exclude)," : ""}
    w AS MATERIALIZED (
      SELECT id, MAX(s) AS s, COUNT(entity_id) AS k FROM (${parts.join(" UNION ALL ")})
      GROUP BY id ORDER BY id DESC LIMIT ${SEARCH_TIER} OFFSET @start),
    page AS MATERIALIZED (
      SELECT id, s IS NOT NULL AS text_hit,
        COALESCE(s, 0) + k * COALESCE(NULLIF((SELECT MAX(s) FROM w), 0), 1.0) / ${entities ? "@n" : "1"} AS rank
      FROM w ORDER BY rank DESC, id DESC LIMIT @take OFFSET @within)
    SELECT page.rank, page.text_hit, (SELECT COUNT(*) FROM w) AS window_size, ${ARTICLE_COLUMNS}
    FROM page JOIN articles a ON a.id = page.id JOIN sources s ON s.id = a.source_id
    ORDER BY page.rank DESC, a.id DESC`;
  // Every candidate, counted once: the total is exact, so it reads every match (without ranking any).
  const linked = `SELECT article_id FROM article_entities WHERE entity_id IN (SELECT value FROM json_each(@ids))${
    exclude ? " AND article_id NOT IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH @exclude)" : ""
  }`;
  const total =
    text && entities
      ? `SELECT COUNT(*) FROM (SELECT rowid FROM articles_fts WHERE articles_fts MATCH @match UNION ${linked})`
      : text
        ? "SELECT COUNT(*) FROM articles_fts WHERE articles_fts MATCH @match"
        : `SELECT COUNT(DISTINCT article_id) FROM (${linked})`;
  return { page, total };
}

/**
 * Snippets of the given text hits only, in one FTS5 query: the rowid range of the page bounds the matches FTS5 walks
 * (the page lies in one or two tiers of the newest matches, so at most a few thousand entries of the doclist), and
 * the id list picks the page's rows, so snippet() runs for those alone. A lookup per hit would load the term's
 * doclist again for each (a common word's whole doclist at 1M articles: 10–60 ms for a page of 20), and an id list
 * without the range makes FTS5 walk every match. (With MATCH, SQLite 3.53's FTS5 ignores a bound `rowid = ?`.)
 */
function snippetsFor(db: Db, match: string, ids: number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = stmt(
    db,
    `SELECT rowid, snippet(articles_fts, -1, char(2), char(3), '…', 32) FROM articles_fts
     WHERE articles_fts MATCH @match AND rowid >= @lo AND rowid <= @hi AND rowid IN (SELECT value FROM json_each(@ids))`,
  )
    .raw()
    .all({ match, lo: Math.min(...ids), hi: Math.max(...ids), ids: JSON.stringify(ids) }) as Array<
    [number, string]
  >;
  return new Map(rows);
}

/** Lower case as SQLite's lower() makes it: ASCII letters only. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
