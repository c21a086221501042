import type { Db } from "../open-db";
import type { SourcePage, SourcePageQuery, SourceSortKey, StoredSourceRanking } from "../store";
import type { Source } from "../types";
import { stmt } from "./stmt-cache";

export interface RankingRow {
  source_id: number;
  source_name: string;
  logo_url: string | null;
  first_to_cluster_score: number;
  cluster_frequency_score: number;
  speed_score: number;
  topical_authority_score: number;
  content_diversity_score: number;
  extraction_success_score: number;
  neutrality_score: number;
  sensationalism_score: number;
  reliability_score: number;
  overall_score: number;
  tier: string;
  description_one_liner: string | null;
  description_summary: string | null;
}

export const toRanking = (r: RankingRow): StoredSourceRanking => ({
  sourceId: r.source_id,
  sourceName: r.source_name,
  logoUrl: r.logo_url,
  firstToCluster: r.first_to_cluster_score,
  clusterFrequency: r.cluster_frequency_score,
  speed: r.speed_score,
  topicalAuthority: r.topical_authority_score,
  contentDiversity: r.content_diversity_score,
  extractionSuccess: r.extraction_success_score,
  neutrality: r.neutrality_score,
  sensationalism: r.sensationalism_score,
  reliability: r.reliability_score,
  overall: r.overall_score,
  tier: r.tier,
  oneLiner: r.description_one_liner,
  summary: r.description_summary,
});

type RankedSort = Exclude<SourceSortKey, "name" | "articles">;

/** The ORDER BY of a ranking sort, descending; ascending walks the same index backwards (migration 020). */
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

const COLUMNS = `s.id AS s_id, s.slug AS s_slug, s.name AS s_name, s.homepage AS s_homepage, s.country AS s_country,
  s.language AS s_language, s.category AS s_category, s.logo_url AS s_logo_url, s.description AS s_description,
  s.enabled AS s_enabled, s.created_at AS s_created_at, s.article_count AS s_article_count,
  s.name AS source_name, s.logo_url, r.*`;
// The search: part of the name (ASCII case-insensitive LIKE) or of the slug. NULL matches every source.
const MATCH = `(@like IS NULL OR s.name LIKE @like ESCAPE '\\' OR s.slug LIKE @like ESCAPE '\\')`;
const BY_NAME = "s.name COLLATE NOCASE ASC, s.id ASC";

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
  s_enabled: number;
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
    enabled: r.s_enabled === 1,
    createdAt: r.s_created_at,
    articleCount: r.s_article_count,
  } satisfies Source & { articleCount: number },
  ranking: r.source_id === null ? null : toRanking(r),
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the sources table. Every order is read off an index and stops at the page: the name and article
 * count sorts walk the sources, a ranking sort walks that score's index over the ranked sources and then the
 * unranked ones by name, so the page after the last ranked source continues with the unranked ones.
 */
export function sourcePage(db: Db, q: SourcePageQuery): SourcePage {
  const like = q.search ? `%${likeEscape(q.search)}%` : null;
  const all = (sql: string, params: Record<string, unknown>) => stmt(db, sql).all(params) as Row[];
  const count = (sql: string) => stmt(db, sql).pluck().get({ like }) as number;
  const total = count(`SELECT COUNT(*) FROM sources s WHERE ${MATCH}`);
  const ranked = count(
    `SELECT COUNT(*) FROM source_rankings r JOIN sources s ON s.id = r.source_id WHERE ${MATCH}`,
  );
  const allRanked =
    like === null ? ranked : (stmt(db, "SELECT COUNT(*) FROM source_rankings").pluck().get() as number);
  const page = { like, limit: q.limit, offset: q.offset };
  if (q.sort === "name" || q.sort === "articles") {
    const order = q.sort === "name" ? BY_NAME : "s.article_count DESC, s.id ASC";
    const rows = all(
      `SELECT ${COLUMNS} FROM sources s LEFT JOIN source_rankings r ON r.source_id = s.id WHERE ${MATCH}
       ORDER BY ${(q.sort === "name") === q.desc ? reverse(order) : order} LIMIT @limit OFFSET @offset`,
      page,
    );
    return { rows: rows.map(toRow), total, ranked, allRanked };
  }
  const order = RANKED_ORDER[q.sort];
  // Tier ascending (tier 1 first) is the ranking's own order; every score reads best first when descending.
  const rankedRows =
    q.offset < ranked
      ? all(
          `SELECT ${COLUMNS} FROM source_rankings r JOIN sources s ON s.id = r.source_id WHERE ${MATCH}
           ORDER BY ${(q.sort === "tier") === q.desc ? reverse(order) : order} LIMIT @limit OFFSET @offset`,
          page,
        )
      : [];
  const rest = q.limit - rankedRows.length;
  const unranked =
    rest > 0
      ? all(
          `SELECT ${COLUMNS} FROM sources s LEFT JOIN source_rankings r ON r.source_id = s.id
           WHERE r.source_id IS NULL AND ${MATCH} ORDER BY ${BY_NAME} LIMIT @limit OFFSET @offset`,
          { like, limit: rest, offset: Math.max(0, q.offset - ranked) },
        )
      : [];
  return { rows: [...rankedRows, ...unranked].map(toRow), total, ranked, allRanked };
}
