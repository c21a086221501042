import type { Db } from "../open-db";
import type { RankingRepo, StoredSourceRanking } from "../store";
import { sourcePage, toRanking, type RankingRow } from "./source-page";
import { stmt } from "./stmt-cache";

/** The read_models row of GET /v1/source-rankings (its name also appears in the triggers of migration 009). */
const BODY = "source_rankings";

export function sqliteRankingRepo(db: Db): RankingRepo {
  const insert = db.prepare(
    `INSERT INTO source_rankings (source_id, first_to_cluster_score, cluster_frequency_score, speed_score,
       topical_authority_score, content_diversity_score, extraction_success_score, neutrality_score,
       sensationalism_score, reliability_score, overall_score, tier, description_one_liner, description_summary,
       computed_at)
     VALUES (@sourceId, @firstToCluster, @clusterFrequency, @speed, @topicalAuthority, @contentDiversity,
       @extractionSuccess, @neutrality, @sensationalism, @reliability, @overall, @tier, @oneLiner, @summary, @at)`,
  );
  const saveTx = db.transaction((rankings: StoredSourceRanking[], at: number, body: Buffer) => {
    db.prepare("DELETE FROM source_rankings").run();
    for (const r of rankings) insert.run({ ...r, at });
    stmt(
      db,
      `INSERT INTO read_models (name, version, computed_at, body) VALUES (@name, 1, @at, @body)
       ON CONFLICT (name) DO UPDATE SET version = version + 1, computed_at = @at, body = @body`,
    ).run({ name: BODY, at, body });
  });
  return {
    async inputs(since) {
      const sources = db
        .prepare(
          `SELECT s.id, s.name, s.logo_url AS logoUrl, s.category,
             COALESCE(MAX(f.consecutive_failures), 0) AS consecutiveFailures,
             MAX(f.last_success_at IS NOT NULL) AS everSucceeded
           FROM sources s LEFT JOIN feeds f ON f.source_id = s.id GROUP BY s.id ORDER BY s.id`,
        )
        .all() as Array<{
        id: number;
        name: string;
        logoUrl: string | null;
        category: string;
        consecutiveFailures: number;
        everSucceeded: number | null;
      }>;
      const articles = db
        .prepare(
          `SELECT a.source_id AS sourceId, a.story_id AS storyId, a.category, a.title,
             CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END AS time,
             a.duplicate_of IS NOT NULL AS duplicate, c.status AS contentStatus
           FROM articles a LEFT JOIN article_content c ON c.article_id = a.id
           WHERE a.discovered_at >= ?`,
        )
        .all(since) as Array<{
        sourceId: number;
        storyId: number | null;
        category: string;
        title: string;
        time: number;
        duplicate: number;
        contentStatus: string | null;
      }>;
      return {
        sources: sources.map((s) => ({ ...s, everSucceeded: s.everSucceeded === 1 })),
        articles: articles.map((a) => ({ ...a, duplicate: a.duplicate === 1 })),
      };
    },
    async save(rankings, at, body) {
      saveTx.immediate(rankings, at, body);
    },
    async list() {
      const rows = db
        .prepare(
          `SELECT r.*, s.name AS source_name, s.logo_url FROM source_rankings r JOIN sources s ON s.id = r.source_id
           ORDER BY r.overall_score DESC, r.source_id`,
        )
        .all() as RankingRow[];
      return rows.map(toRanking);
    },
    async sourcePage(q) {
      return sourcePage(db, q);
    },
    async bodyVersion() {
      const v = stmt(db, "SELECT version FROM read_models WHERE name = ?").pluck().get(BODY) as
        | number
        | undefined;
      return v ?? null;
    },
    async body() {
      const r = stmt(db, "SELECT version, computed_at, body FROM read_models WHERE name = ?").get(BODY) as
        | { version: number; computed_at: number; body: Buffer | null }
        | undefined;
      return r ? { version: r.version, computedAt: r.computed_at, body: r.body } : null;
    },
    async replaceStaleBody(version, body) {
      const { changes } = stmt(
        db,
        `UPDATE read_models SET body = ?, version = version + 1
         WHERE name = ? AND version = ? AND body IS NULL`,
      ).run(body, BODY, version);
      return changes === 1;
    },
    async latestArticleTime() {
      return (
        (db.prepare("SELECT COALESCE(MAX(discovered_at), 0) FROM articles").pluck().get() as number) ?? 0
      );
    },
  };
}
