import { sql, type RawBuilder } from "kysely";

import { toRanking, type RankingRow } from "../sqlite/source-page";
import type { RankingRepo, SourcePage, SourceSortKey, StoredSourceRanking } from "../store";
import type { Source } from "../types";
import type { PgDb } from "./connect";

/** The read_models row of GET /v1/source-rankings (its name also appears in the triggers of migration 31). */
const BODY = "source_rankings";

/** Key of the transaction-level advisory lock `save` holds: two saves at once apply one after the other. */
export const RANKING_SAVE_LOCK = 0x1ede_0031;

type RankedSort = Exclude<SourceSortKey, "name" | "articles">;

/** The ORDER BY of a ranking sort, descending (constants only: no value is ever put in them). */
const RANKED_ORDER: Record<RankedSort, string> = {
  tier: "r.tier ASC, r.overall_score DESC, r.source_id ASC",
  overall: "r.overall_score DESC, r.source_id ASC",
  firstToCluster: "r.first_to_cluster_score DESC, r.source_id ASC",
  clusterFrequency: "r.cluster_frequency_score DESC, r.source_id ASC",
  speed: "r.speed_score DESC, r.source_id ASC",
  topicalAuthority: "r.topical_authority_score DESC, r.source_id ASC",
  contentDiversity: "r.content_diversity_score DESC, r.source_id ASC",
  extractionSuccess: "r.extraction_success_score DESC, r.source_id ASC",
  neutrality: "r.neutrality_score DESC, r.source_id ASC",
  sensationalism: "r.sensationalism_score DESC, r.source_id ASC",
  reliability: "r.reliability_score DESC, r.source_id ASC",
};

const reverse = (order: string) => order.replace(/\b(ASC|DESC)\b/g, (d) => (d === "ASC" ? "DESC" : "ASC"));

/** ASCII-only case folding, as SQLite's NOCASE and LIKE do (PostgreSQL's lower() folds every script). */
const asciiLower = (e: RawBuilder<unknown>) =>
  sql`translate(${e}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
/** SQLite's `name COLLATE NOCASE`: ASCII folded, then byte order. */
const BY_NAME = sql`${asciiLower(sql`s.name`)} COLLATE "C" ASC, s.id ASC`;
const BY_NAME_DESC = sql`${asciiLower(sql`s.name`)} COLLATE "C" DESC, s.id DESC`;

const COLUMNS = sql`s.id AS s_id, s.slug AS s_slug, s.name AS s_name, s.homepage AS s_homepage, s.country AS s_country,
  s.language AS s_language, s.category AS s_category, s.logo_url AS s_logo_url, s.description AS s_description,
  s.enabled AS s_enabled, s.created_at AS s_created_at, s.article_count AS s_article_count,
  s.name AS source_name, s.logo_url, r.*`;

type Row = RankingRow & {
  s_id: number;
  s_slug: string;
  s_name: string;
  s_homepage: string;
  s_country: string | null;
  s_language: string | null;
  s_category: string;
  s_logo_url: string | null;
  s_description: string | null;
  s_enabled: boolean;
  s_created_at: number;
  s_article_count: number;
  source_id: number | null;
};

const toRow = (r: Row): SourcePage["rows"][number] => ({
  source: {
    id: r.s_id,
    slug: r.s_slug,
    name: r.s_name,
    homepage: r.s_homepage,
    country: r.s_country,
    language: r.s_language,
    category: r.s_category,
    logoUrl: r.s_logo_url,
    description: r.s_description,
    enabled: r.s_enabled,
    createdAt: r.s_created_at,
    articleCount: r.s_article_count,
  } satisfies Source & { articleCount: number },
  ranking: r.source_id === null ? null : toRanking(r),
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function pgRankingRepo(db: PgDb): RankingRepo {
  return {
    async inputs(since) {
      const { rows: sources } = await sql<{
        id: number;
        name: string;
        logoUrl: string | null;
        category: string;
        consecutiveFailures: number;
        everSucceeded: boolean;
      }>`SELECT s.id, s.name, s.logo_url AS "logoUrl", s.category,
           COALESCE(MAX(f.consecutive_failures), 0) AS "consecutiveFailures",
           COALESCE(bool_or(f.last_success_at IS NOT NULL), false) AS "everSucceeded"
         FROM sources s LEFT JOIN feeds f ON f.source_id = s.id GROUP BY s.id ORDER BY s.id`.execute(db);
      const { rows: articles } = await sql<{
        sourceId: number;
        storyId: number | null;
        category: string;
        title: string;
        time: number;
        duplicate: boolean;
        contentStatus: string | null;
      }>`SELECT a.source_id AS "sourceId", a.story_id AS "storyId", a.category, a.title,
           CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END AS "time",
           a.duplicate_of IS NOT NULL AS duplicate, c.status AS "contentStatus"
         FROM articles a LEFT JOIN article_content c ON c.article_id = a.id
         WHERE a.discovered_at >= ${since}`.execute(db);
      return { sources, articles };
    },

    async save(rankings: StoredSourceRanking[], at: number, body: Buffer) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${RANKING_SAVE_LOCK})`.execute(trx);
        await trx.deleteFrom("source_rankings").execute();
        if (rankings.length)
          await trx
            .insertInto("source_rankings")
            .values(
              rankings.map((r) => ({
                source_id: r.sourceId,
                first_to_cluster_score: r.firstToCluster,
                cluster_frequency_score: r.clusterFrequency,
                speed_score: r.speed,
                topical_authority_score: r.topicalAuthority,
                content_diversity_score: r.contentDiversity,
                extraction_success_score: r.extractionSuccess,
                neutrality_score: r.neutrality,
                sensationalism_score: r.sensationalism,
                reliability_score: r.reliability,
                overall_score: r.overall,
                tier: r.tier,
                description_one_liner: r.oneLiner,
                description_summary: r.summary,
                computed_at: at,
              })),
            )
            .execute();
        await trx
          .insertInto("read_models")
          .values({ name: BODY, version: 1, computed_at: at, body })
          .onConflict((oc) =>
            oc.column("name").doUpdateSet((eb) => ({
              version: eb("read_models.version", "+", 1),
              computed_at: at,
              body,
            })),
          )
          .execute();
      });
    },

    async list() {
      const rows = await db
        .selectFrom("source_rankings as r")
        .innerJoin("sources as s", "s.id", "r.source_id")
        .selectAll("r")
        .select(["s.name as source_name", "s.logo_url"])
        .orderBy("r.overall_score", "desc")
        .orderBy("r.source_id")
        .execute();
      return rows.map((r) => toRanking(r as RankingRow));
    },

    async sourcePage(q) {
      const like = q.search ? `%${likeEscape(q.search)}%` : null;
      const match = sql`(${like}::text IS NULL
        OR ${asciiLower(sql`s.name`)} LIKE ${asciiLower(sql`${like}::text`)} ESCAPE '\\'
        OR ${asciiLower(sql`s.slug`)} LIKE ${asciiLower(sql`${like}::text`)} ESCAPE '\\')`;
      const count = async (query: RawBuilder<{ n: number }>) => Number((await query.execute(db)).rows[0]!.n);
      const total = await count(sql`SELECT COUNT(*) AS n FROM sources s WHERE ${match}`);
      const ranked = await count(
        sql`SELECT COUNT(*) AS n FROM source_rankings r JOIN sources s ON s.id = r.source_id WHERE ${match}`,
      );
      const allRanked = like === null ? ranked : await count(sql`SELECT COUNT(*) AS n FROM source_rankings`);
      const all = async (query: RawBuilder<Row>) => (await query.execute(db)).rows;
      if (q.sort === "name" || q.sort === "articles") {
        const order =
          q.sort === "name"
            ? q.desc
              ? BY_NAME_DESC
              : BY_NAME
            : q.desc
              ? sql`s.article_count DESC, s.id ASC`
              : sql`s.article_count ASC, s.id DESC`;
        const rows = await all(
          sql<Row>`SELECT ${COLUMNS} FROM sources s LEFT JOIN source_rankings r ON r.source_id = s.id
            WHERE ${match} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`,
        );
        return { rows: rows.map(toRow), total, ranked, allRanked };
      }
      const base = RANKED_ORDER[q.sort];
      if (base === undefined) throw new Error(`unknown source sort: ${String(q.sort)}`);
      // Tier ascending (tier 1 first) is the ranking's own order; every score reads best first when descending.
      const order = sql.raw((q.sort === "tier") === q.desc ? reverse(base) : base);
      const rankedRows =
        q.offset < ranked
          ? await all(
              sql<Row>`SELECT ${COLUMNS} FROM source_rankings r JOIN sources s ON s.id = r.source_id
                WHERE ${match} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`,
            )
          : [];
      const rest = q.limit - rankedRows.length;
      const unranked =
        rest > 0
          ? await all(
              sql<Row>`SELECT ${COLUMNS} FROM sources s LEFT JOIN source_rankings r ON r.source_id = s.id
                WHERE r.source_id IS NULL AND ${match} ORDER BY ${BY_NAME}
                LIMIT ${rest} OFFSET ${Math.max(0, q.offset - ranked)}`,
            )
          : [];
      return { rows: [...rankedRows, ...unranked].map(toRow), total, ranked, allRanked };
    },

    async bodyVersion() {
      const r = await db
        .selectFrom("read_models")
        .select("version")
        .where("name", "=", BODY)
        .executeTakeFirst();
      return r?.version ?? null;
    },

    async body() {
      const r = await db
        .selectFrom("read_models")
        .select(["version", "computed_at", "body"])
        .where("name", "=", BODY)
        .executeTakeFirst();
      return r ? { version: r.version, computedAt: r.computed_at, body: r.body } : null;
    },

    async replaceStaleBody(version, body) {
      const r = await db
        .updateTable("read_models")
        .set((eb) => ({ body, version: eb("version", "+", 1) }))
        .where("name", "=", BODY)
        .where("version", "=", version)
        .where("body", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async latestArticleTime() {
      const r = await db
        .selectFrom("articles")
        .select((eb) => eb.fn.coalesce(eb.fn.max("discovered_at"), sql<number>`0`).as("t"))
        .executeTakeFirstOrThrow();
      return Number(r.t);
    },
  };
}
