import { RECENCY_TAU_MS } from "../../stories/dynamics/velocity";
import type { TickerNotice } from "../../tickers/story-tickers";
import type { ArticleTicker } from "../../tickers/tag-article";
import type { Db } from "../open-db";
import type { DynamicsSnapshot, RankedStory, StoryDynamicsRepo } from "../store";
import { appendEvent } from "./event-repo";
import { storyRecordReader, type StoryRow } from "./story-repo";
import { storyTickerWriters } from "./ticker-repo";

type RankRow = StoryRow & {
  priority: string;
  velocity: number;
  velocity_at: number;
  relevance: number;
  score: number;
  last_development_at: number | null;
};

export function sqliteStoryDynamicsRepo(db: Db): StoryDynamicsRepo {
  const toRecord = storyRecordReader(db);
  const story = db.prepare(
    `SELECT id, headline, category, first_seen, last_updated, priority, velocity, velocity_at, last_development_at, dev_state
     FROM stories WHERE id = ? AND merged_into IS NULL`,
  );
  const members = db.prepare(
    `SELECT a.id AS articleId, a.url_hash AS urlHash, a.title, a.source_id AS sourceId, s.name AS sourceName,
       a.duplicate_of AS duplicateOf, CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END AS time,
       r.overall_score AS authority, a.tickers_json AS tickersJson
     FROM articles a JOIN sources s ON s.id = a.source_id LEFT JOIN source_rankings r ON r.source_id = a.source_id
     WHERE a.story_id = ? ORDER BY time, a.id`,
  );
  const entities = db.prepare(
    `SELECT e.id, e.name, se.mention_count AS mentions FROM story_entities se JOIN entities e ON e.id = se.entity_id
     WHERE se.story_id = ? ORDER BY se.mention_count DESC, e.id LIMIT 50`,
  );
  const notices = db.prepare(
    `SELECT symbol, notified_at AS notifiedAt, notified_sentiment AS sentiment, notified_impact AS impact
     FROM story_tickers WHERE story_id = ?`,
  );
  const tickerWrites = storyTickerWriters(db);
  const update = db.prepare(
    `UPDATE stories SET source_count = @sourceCount, velocity = @velocity, velocity_at = @velocityAt,
       acceleration = @acceleration, relevance = @relevance, priority = @priority, label = @label,
       dev_state = @devState, last_development_at = @lastDevelopmentAt
     WHERE id = @id`,
  );
  const insertDevelopment = db.prepare(
    `INSERT INTO developments (story_id, created_at_ms, title, description, significance, previous_headline,
       new_headline, trigger_article_hashes, enrichment_seq)
     VALUES (@storyId, @createdAtMs, @title, @description, @significance, @previousHeadline, @newHeadline,
       @triggerArticleHashes, @enrichmentSeq)`,
  );
  const score = "relevance * exp(-max(0, @now - last_updated) / @tau)";
  const toRanked = (r: RankRow): RankedStory => ({
    ...toRecord(r),
    priority: r.priority,
    velocity: r.velocity,
    velocityAt: r.velocity_at,
    relevance: r.relevance,
    overallScore: r.score,
    lastDevelopmentAt: r.last_development_at,
    firstSeenAt: r.first_seen,
  });

  const applyTx = db.transaction((batch: Parameters<StoryDynamicsRepo["apply"]>[0]) => {
    for (const u of batch.updates) update.run({ ...u, devState: JSON.stringify(u.devState) });
    for (const d of batch.developments) {
      const info = insertDevelopment.run({
        storyId: d.storyId,
        ...d.development,
        triggerArticleHashes: JSON.stringify(d.development.triggerArticleHashes),
      });
      appendEvent(db, d.event(Number(info.lastInsertRowid)));
    }
    for (const e of batch.events) appendEvent(db, e);
    for (const t of batch.tickers ?? []) tickerWrites.replace(t);
  });

  return {
    async snapshots(ids) {
      const out: DynamicsSnapshot[] = [];
      for (const id of ids) {
        const s = story.get(id) as
          | {
              id: number;
              headline: string;
              category: string;
              first_seen: number;
              last_updated: number;
              priority: string;
              velocity: number;
              velocity_at: number;
              last_development_at: number | null;
              dev_state: string;
            }
          | undefined;
        if (!s) continue;
        const state = JSON.parse(s.dev_state) as Record<string, unknown>;
        out.push({
          id: s.id,
          headline: s.headline,
          category: s.category,
          firstSeen: s.first_seen,
          lastUpdated: s.last_updated,
          priority: s.priority,
          velocity: s.velocity,
          velocityAt: s.velocity_at,
          lastDevelopmentAt: s.last_development_at,
          devState: Object.keys(state).length ? state : null,
          members: (
            members.all(id) as Array<
              DynamicsSnapshot["members"][number] & { authority: number | null; tickersJson: string | null }
            >
          ).map(({ tickersJson, ...m }) => ({
            ...m,
            authority: m.authority ?? undefined,
            tickers: tickersJson ? (JSON.parse(tickersJson) as ArticleTicker[]) : null,
          })),
          entities: entities.all(id) as DynamicsSnapshot["entities"],
          tickerNotices: notices.all(id) as TickerNotice[],
        });
      }
      return out;
    },
    async apply(batch) {
      applyTx.immediate(batch);
    },
    async elevated() {
      const rows = db
        .prepare(
          `SELECT *, ${score} AS score FROM stories WHERE merged_into IS NULL AND priority <> 'low' ORDER BY id`,
        )
        .all({ now: Date.now(), tau: RECENCY_TAU_MS }) as RankRow[];
      return rows.map(toRanked);
    },
    async ranked({ now, since, limit, tickers }) {
      // The same "carries" as listActive (story_tickers), applied before the limit so no carrier is ranked out.
      const carrying = tickers?.length
        ? " AND id IN (SELECT story_id FROM story_tickers WHERE symbol IN (SELECT value FROM json_each(@tickers)))"
        : "";
      const rows = db
        .prepare(
          `SELECT *, ${score} AS score FROM stories
           WHERE merged_into IS NULL AND last_updated >= @since${carrying}
           ORDER BY score DESC, id DESC LIMIT @limit`,
        )
        .all({
          now,
          since,
          limit,
          tau: RECENCY_TAU_MS,
          ...(carrying ? { tickers: JSON.stringify(tickers) } : {}),
        }) as RankRow[];
      return rows.map(toRanked);
    },
    async lastRanking() {
      const row = db
        .prepare("SELECT ts, payload FROM events WHERE type = 'clusters.ranked' ORDER BY id DESC LIMIT 1")
        .get() as { ts: number; payload: string | null } | undefined;
      if (!row) return null;
      const payload = row.payload ? (JSON.parse(row.payload) as { data?: Array<{ id: number }> }) : {};
      return { ts: row.ts, ids: (payload.data ?? []).map((s) => s.id) };
    },
  };
}
