import { sql, type RawBuilder } from "kysely";

import type { SearchRepo } from "../store";
import type { Article } from "../types";
import { lowerTitle } from "./article-repo";
import type { PgDb } from "./connect";
import { ftsToTsquery } from "./content-fts";
import { ARTICLE_COLUMNS, likeEscape, toArticle, type ArticleRow } from "./content-rows";

/**
 * Matches are ranked in tiers of this many, newest first, as the SQLite store does (lib/db/sqlite/search-repo.ts):
 * the first page ranks the newest 2,000 matches by relevance, page 101 (at 20 a page) the next 2,000.
 */
export const SEARCH_TIER = 2000;

/** The tiers a page [offset, offset + limit) spans: start, skip, take. */
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

/**
 * Relevance: ts_rank with the columns weighted as SQLite's bm25(10, 2, 1) weighs them (title 1.0, excerpt 0.2,
 * extracted text 0.1; weights array order D, C, B, A) and the rank divided by 1 + log(length), as BM25 discounts
 * long documents.
 */
const RANK_WEIGHTS = "{0, 0.1, 0.2, 1.0}";
const rank = (q: RawBuilder<unknown>) => sql<number>`ts_rank(${RANK_WEIGHTS}::float4[], a.fts, ${q}, 1)`;
const tsquery = (text: string) => sql`to_tsquery('lede_search', ${text}::text)`;

/** Article columns as raw SQL (for the statements the builder cannot say). */
const ARTICLE_SQL = sql.raw(
  ARTICLE_COLUMNS.map((c) => {
    const [col, alias] = c.split(" as ");
    return alias ? `${col} AS ${alias}` : col;
  }).join(", "),
);

type SnippetRow = { id: number; title: string; excerpt: string | null; body: string | null };

export function pgSearchRepo(db: PgDb): SearchRepo {
  return {
    async articles({ match, limit, offset }) {
      const tq = ftsToTsquery(match);
      if (tq === null) return { items: [], total: 0 };
      const q = tsquery(tq);
      const items: Array<{ article: Article; score: number }> = [];
      let total: number | undefined;
      for (const t of tiersOf(offset, limit)) {
        // Rank and page the tier first, then read the page's articles.
        const rows = await sql<ArticleRow & { score: number; tier_size: number }>`
          WITH tier AS MATERIALIZED (
            SELECT a.id, ${rank(q)} AS b FROM articles a WHERE a.fts @@ ${q}
            ORDER BY a.id DESC LIMIT ${SEARCH_TIER} OFFSET ${t.start}),
          hits AS MATERIALIZED (SELECT id, b FROM tier ORDER BY b DESC, id DESC LIMIT ${t.take} OFFSET ${t.within})
          SELECT ${ARTICLE_SQL}, hits.b AS score, (SELECT COUNT(*) FROM tier) AS tier_size
          FROM hits JOIN articles a ON a.id = hits.id JOIN sources s ON s.id = a.source_id
          ORDER BY hits.b DESC, a.id DESC`
          .execute(db)
          .then((r) => r.rows);
        for (const r of rows) items.push({ article: toArticle(r), score: r.score });
        // A first tier that is not full holds every match: no need to count them.
        if (t.start === 0 && rows[0] && rows[0].tier_size < SEARCH_TIER) total = rows[0].tier_size;
      }
      total ??= await countMatches(db, tq);
      return { items, total };
    },

    async full({ match, exclude, entityIds, limit, offset }) {
      const tq = match === null ? null : ftsToTsquery(match);
      const xq = exclude === null ? null : ftsToTsquery(exclude);
      const text = tq !== null;
      if (!text && entityIds.length === 0) return { hits: [], total: 0 };
      const n = Math.max(1, entityIds.length);
      const page: Array<ArticleRow & { rank: number; text_hit: boolean; window_size: number }> = [];
      let total: number | undefined;
      for (const t of tiersOf(offset, limit)) {
        const upto = t.start + SEARCH_TIER;
        // Candidates: text hits (score s) and articles linked to the detected entities, less the exclusions; a tier
        // is a window of them by id, newest first. k = how many of the detected entities an article is linked to:
        // an article linked to every one gains as much as the tier's best text hit scores.
        const parts: RawBuilder<unknown>[] = [];
        if (tq !== null)
          parts.push(sql`(SELECT a.id, ${rank(tsquery(tq))}::float8 AS s, NULL::bigint AS entity_id
            FROM articles a WHERE a.fts @@ ${tsquery(tq)} ORDER BY a.id DESC LIMIT ${upto})`);
        for (const e of entityIds)
          parts.push(sql`(SELECT article_id AS id, NULL::float8 AS s, entity_id FROM article_entities
            WHERE entity_id = ${e}${
              xq !== null
                ? sql` AND article_id NOT IN (SELECT id FROM articles WHERE fts @@ ${tsquery(xq)})`
                : sql``
            } ORDER BY article_id DESC LIMIT ${upto})`);
        const rows = await sql<ArticleRow & { rank: number; text_hit: boolean; window_size: number }>`
          WITH w AS MATERIALIZED (
            SELECT id, MAX(s) AS s, COUNT(entity_id) AS k FROM (${sql.join(parts, sql` UNION ALL `)}) c
            GROUP BY id ORDER BY id DESC LIMIT ${SEARCH_TIER} OFFSET ${t.start}),
          page AS MATERIALIZED (
            SELECT id, s IS NOT NULL AS text_hit,
              COALESCE(s, 0) + k * COALESCE(NULLIF((SELECT MAX(s) FROM w), 0), 1.0) / ${n}::float8 AS rank
            FROM w ORDER BY rank DESC, id DESC LIMIT ${t.take} OFFSET ${t.within})
          SELECT page.rank, page.text_hit, (SELECT COUNT(*) FROM w) AS window_size, ${ARTICLE_SQL}
          FROM page JOIN articles a ON a.id = page.id JOIN sources s ON s.id = a.source_id
          ORDER BY page.rank DESC, a.id DESC`
          .execute(db)
          .then((r) => r.rows);
        page.push(...rows);
        if (t.start === 0 && rows[0] && rows[0].window_size < SEARCH_TIER) total = rows[0].window_size;
      }
      if (total === undefined) {
        // Every candidate, counted once: the total is exact, so it reads every match (without ranking any).
        const linked = sql`SELECT article_id FROM article_entities WHERE entity_id = ANY(${entityIds}::bigint[])${
          xq !== null
            ? sql` AND article_id NOT IN (SELECT id FROM articles WHERE fts @@ ${tsquery(xq)})`
            : sql``
        }`;
        const count =
          tq !== null && entityIds.length
            ? sql<{
                n: number;
              }>`SELECT COUNT(*) AS n FROM (SELECT id FROM articles WHERE fts @@ ${tsquery(tq)}
                UNION ${linked}) c`
            : tq !== null
              ? sql<{ n: number }>`SELECT COUNT(*) AS n FROM articles WHERE fts @@ ${tsquery(tq)}`
              : sql<{ n: number }>`SELECT COUNT(DISTINCT article_id) AS n FROM (${linked}) c`;
        total = (await count.execute(db)).rows[0]!.n;
      }
      const snippets =
        tq !== null
          ? await snippetsFor(
              db,
              tq,
              page.filter((r) => r.text_hit).map((r) => r.id),
            )
          : new Map<number, string>();
      return {
        total,
        hits: page.map((r) => ({ article: toArticle(r), rank: r.rank, snippet: snippets.get(r.id) ?? null })),
      };
    },

    async entityIdsNamed(names) {
      if (names.length === 0) return [];
      // ASCII case-insensitive, as SQLite's lower().
      const rows = await sql<{ id: number }>`
        SELECT id FROM entities
        WHERE lower(name COLLATE "C") IN (SELECT lower(n COLLATE "C") FROM unnest(${names}::text[]) AS n)
        UNION SELECT entity_id FROM entity_aliases
        WHERE lower(alias COLLATE "C") IN (SELECT lower(n COLLATE "C") FROM unnest(${names}::text[]) AS n)`.execute(
        db,
      );
      return rows.rows.map((r) => r.id);
    },

    async entityNamesByPrefix(prefixes, limit) {
      // Names and aliases starting with a prefix, read from the lower(name) and lower(alias) pattern indexes.
      const keys = [...new Set(prefixes.map(asciiLower))].filter((k) => k.length > 0);
      if (keys.length === 0) return [];
      const patterns = keys.map((k) => `${likeEscape(k)}%`);
      const rows = await sql<{ name: string }>`
        WITH hit AS (
          SELECT e.id FROM entities e WHERE lower(e.name) LIKE ANY(${patterns}::text[])
          UNION
          SELECT x.entity_id FROM entity_aliases x WHERE lower(x.alias) LIKE ANY(${patterns}::text[]))
        SELECT e.name FROM hit JOIN entities e ON e.id = hit.id
        ORDER BY e.article_count DESC, e.id DESC LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => r.name);
    },

    async recentTitles(match, limit) {
      const tq = ftsToTsquery(match);
      if (tq === null) return [];
      const rows = await db
        .selectFrom("articles as a")
        .select("a.title")
        .where(sql<boolean>`a.fts @@ ${tsquery(tq)}`)
        .orderBy("a.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => r.title);
    },

    async recentTitlesContaining(text, limit) {
      if ([...text].length < 3 || text.includes("\u0000")) return null;
      const rows = await db
        .selectFrom("articles as a")
        .select("a.title")
        .where(
          lowerTitle,
          "like",
          sql<string>`'%' || lower(${likeEscape(text)}::text COLLATE "und-x-icu") || '%'`,
        )
        .orderBy("a.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => r.title);
    },

    async categoriesInUse() {
      const rows = await sql<{ category: string }>`
        SELECT category FROM (SELECT category FROM articles UNION SELECT category FROM sources) c
        ORDER BY category COLLATE "C"`.execute(db);
      return rows.rows.map((r) => r.category);
    },

    async topTags(limit) {
      const rows = await sql<{ tag: string }>`
        SELECT tag FROM article_tags GROUP BY tag ORDER BY COUNT(*) DESC, tag COLLATE "C" LIMIT ${limit}`.execute(
        db,
      );
      return rows.rows.map((r) => r.tag);
    },

    async totals() {
      const rows = await sql<{ articles: number; stories: number; entities: number; sources: number }>`
        SELECT (SELECT COUNT(*) FROM articles) AS articles,
          (SELECT COUNT(*) FROM stories WHERE merged_into IS NULL) AS stories,
          (SELECT COUNT(*) FROM entities) AS entities,
          (SELECT COUNT(*) FROM sources) AS sources`.execute(db);
      return rows.rows[0]!;
    },
  };
}

async function countMatches(db: PgDb, tq: string): Promise<number> {
  const r = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM articles WHERE fts @@ ${tsquery(tq)}`.execute(
    db,
  );
  return r.rows[0]!.n;
}

/**
 * Headline options: matched words between U+0002 and U+0003, 31 or 32 words of a longer text, as SQLite's
 * snippet(…, 32) gives 32 tokens. ts_headline stops at MinWords once the match is covered, and MinWords must stay
 * below MaxWords.
 */
const HEADLINE_OPTIONS = sql`'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=32, MinWords=31, ShortWord=0'`;

/**
 * Snippets of the given text hits: the text of the first column that matches the query on its own (title, then
 * excerpt, then the extracted text; all three when none does), its best passage marked, with "…" where it cuts the
 * column, as FTS5's snippet() does.
 */
async function snippetsFor(db: PgDb, tq: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const q = tsquery(tq);
  const vector = (text: RawBuilder<unknown>) => sql`to_tsvector('lede_search', lede_search_words(${text}))`;
  const rows = await sql<SnippetRow & { doc: string; headline: string }>`
    WITH d AS (
      SELECT a.id, a.title, a.excerpt, c.text AS body FROM articles a
      LEFT JOIN article_content c ON c.article_id = a.id AND c.status = 'has_content'
      WHERE a.id = ANY(${ids}::bigint[])),
    chosen AS (
      SELECT id, CASE
        WHEN ${vector(sql`title`)} @@ ${q} THEN title
        WHEN excerpt IS NOT NULL AND ${vector(sql`excerpt`)} @@ ${q} THEN excerpt
        WHEN body IS NOT NULL AND ${vector(sql`body`)} @@ ${q} THEN body
        ELSE concat_ws(' ', title, excerpt, body) END AS doc
      FROM d)
    SELECT id, doc, ts_headline('lede_search', doc, ${q}, ${HEADLINE_OPTIONS}) AS headline FROM chosen`.execute(
    db,
  );
  const out = new Map<number, string>();
  for (const r of rows.rows) {
    const plain = r.headline.replace(/[\u0002\u0003]/g, "");
    const doc = r.doc.trim();
    const cutStart = !doc.startsWith(plain.trim());
    const cutEnd = !doc.endsWith(plain.trim());
    out.set(r.id, `${cutStart ? "…" : ""}${r.headline}${cutEnd ? "…" : ""}`);
  }
  return out;
}

/** Lower case as SQLite's lower() makes it: ASCII letters only. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
