import type { Db } from "../open-db";
import type { SearchRepo } from "../store";
import { toArticle } from "./article-repo";
import { stmt } from "./stmt-cache";

// Title matches count five times an excerpt match and ten times a match in the extracted text: a headline states
// what the article is about, a body mentions much in passing.
const BM25 = "bm25(articles_fts, 10.0, 2.0, 1.0)";
const ARTICLE_COLUMNS = "a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language";
// An empty relation with the shape of a CTE, for a query part that has nothing to match.
const NONE = "SELECT 0 AS id, 0.0 AS s WHERE 0";

type Row = Parameters<typeof toArticle>[0];

export function sqliteSearchRepo(db: Db): SearchRepo {
  return {
    async articles({ match, limit, offset }) {
      const total = stmt(db, "SELECT COUNT(*) FROM articles_fts WHERE articles_fts MATCH ?")
        .pluck()
        .get(match);
      // Rank and page inside FTS5 first: joining every match to its article before sorting costs more than the rank.
      const rows = stmt(
        db,
        `WITH hits AS MATERIALIZED (
           SELECT rowid AS id, ${BM25} AS b FROM articles_fts WHERE articles_fts MATCH ?
           ORDER BY b, rowid DESC LIMIT ? OFFSET ?)
         SELECT ${ARTICLE_COLUMNS}, -hits.b AS score
         FROM hits JOIN articles a ON a.id = hits.id JOIN sources s ON s.id = a.source_id
         ORDER BY hits.b, a.id DESC`,
      ).all(match, limit, offset) as Array<Row & { score: number }>;
      return { items: rows.map((r) => ({ article: toArticle(r), score: r.score })), total: total as number };
    },

    async full({ match, exclude, entityIds, limit, offset }) {
      const ctes = fullSearchCtes(match !== null, exclude !== null, entityIds.length > 0);
      const params = { match, exclude, ids: JSON.stringify(entityIds), n: Math.max(1, entityIds.length) };
      const named = (p: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(p).filter(([k]) => ctes.includes(`@${k}`)));
      // One pass: the window count rides along with the page, so the candidate set is built once.
      const page = stmt(
        db,
        `${ctes}, page AS MATERIALIZED (
           SELECT id, rank, text_hit, COUNT(*) OVER () AS total FROM scored
           ORDER BY rank DESC, id DESC LIMIT @limit OFFSET @offset)
         SELECT page.rank, page.text_hit, page.total, ${ARTICLE_COLUMNS}
         FROM page JOIN articles a ON a.id = page.id JOIN sources s ON s.id = a.source_id
         ORDER BY page.rank DESC, a.id DESC`,
      ).all({ ...named(params), limit, offset }) as Array<
        Row & { rank: number; text_hit: number; total: number }
      >;
      // A page past the end has no row to carry the count.
      const total =
        page[0]?.total ??
        (offset > 0
          ? (stmt(db, `${ctes} SELECT COUNT(*) FROM scored`).pluck().get(named(params)) as number)
          : 0);
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
      if (prefixes.length === 0) return [];
      const patterns = JSON.stringify(prefixes.map((p) => `${escapeLike(p)}%`));
      return stmt(
        db,
        `SELECT e.name FROM entities e
         WHERE EXISTS (SELECT 1 FROM json_each(@patterns) p WHERE e.name LIKE p.value ESCAPE '\\')
            OR EXISTS (SELECT 1 FROM entity_aliases x, json_each(@patterns) p
                       WHERE x.entity_id = e.id AND x.alias LIKE p.value ESCAPE '\\')
         ORDER BY e.article_count DESC, e.id DESC LIMIT @limit`,
      )
        .pluck()
        .all({ patterns, limit }) as string[];
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
 * The candidate set of a full search: text hits `t` (score s = −BM25) and entity links `e` (k = how many of the
 * detected entities an article is linked to). An article linked to every detected entity gains as much as the best
 * text hit scores, so entity matches stand beside text matches on the same scale whatever the corpus size.
 */
function fullSearchCtes(text: boolean, exclude: boolean, entities: boolean): string {
  const t = text
    ? `SELECT rowid AS id, -${BM25} AS s FROM articles_fts WHERE articles_fts MATCH @match`
    : NONE;
  const e = entities
    ? `SELECT article_id AS id, COUNT(DISTINCT entity_id) AS k FROM article_entities
       WHERE entity_id IN (SELECT value FROM json_each(@ids))${
         exclude
           ? " AND article_id NOT IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH @exclude)"
           : ""
       }
       GROUP BY article_id`
    : "SELECT 0 AS id, 0 AS k WHERE 0";
  // MATERIALIZED: FTS5 computes bm25() only while scanning its own MATCH, not inside a flattened join.
  return `WITH t AS MATERIALIZED (${t}), e AS (${e}),
    u AS (SELECT id FROM t UNION SELECT id FROM e),
    scored AS (
      SELECT u.id, t.id IS NOT NULL AS text_hit,
        COALESCE(t.s, 0) + COALESCE(e.k, 0) * COALESCE(NULLIF((SELECT MAX(s) FROM t), 0), 1.0) / ${
          entities ? "@n" : "1"
        } AS rank
      FROM u LEFT JOIN t ON t.id = u.id LEFT JOIN e ON e.id = u.id)`;
}

/** Snippets of the given text hits only: FTS5 computes them per row, so a page costs a page's worth. */
function snippetsFor(db: Db, match: string, ids: number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = stmt(
    db,
    `SELECT rowid AS id, snippet(articles_fts, -1, char(2), char(3), '…', 32) AS snippet FROM articles_fts
     WHERE articles_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
  ).all(match, JSON.stringify(ids)) as Array<{ id: number; snippet: string }>;
  return new Map(rows.map((r) => [r.id, r.snippet]));
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
