import { sql, type Transaction } from "kysely";

import { RECENCY_TAU_MS } from "../../stories/dynamics/velocity";
import type { ScoredTicker, TickerNotice } from "../../tickers/story-tickers";
import type { ArticleTicker } from "../../tickers/tag-article";
import type { DynamicsSnapshot, RankedStory, StoryDynamicsRepo } from "../store";
import type { EventDraft } from "../types";
import type { PgDb } from "./connect";
import { pgAppendEvent } from "./event-repo";
import type { Database } from "./schema";
import { lockStories } from "./story-read-model";
import { decayed, toStoryRecords, type StoryRow } from "./story-rows";

type RankRow = StoryRow & { score: number };

/** Replaces a story's securities (keeping what was announced of those that stay), as SQLite's ticker-repo does. */
async function replaceStoryTickers(
  trx: Transaction<Database>,
  x: { storyId: number; tickers: ScoredTicker[]; notified: string[]; at: number },
): Promise<void> {
  const keep = x.tickers.map((t) => t.symbol);
  await trx
    .deleteFrom("story_tickers")
    .where("story_id", "=", x.storyId)
    .$if(keep.length > 0, (q) => q.where("symbol", "not in", keep))
    .execute();
  if (x.tickers.length)
    await trx
      .insertInto("story_tickers")
      .values(
        x.tickers.map((t) => ({
          story_id: x.storyId,
          symbol: t.symbol,
          confidence: t.confidence,
          sentiment: t.sentiment,
          sentiment_score: t.sentiment_score,
          impact: t.impact,
          impact_score: t.impact_score,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["story_id", "symbol"]).doUpdateSet((eb) => ({
          confidence: eb.ref("excluded.confidence"),
          sentiment: eb.ref("excluded.sentiment"),
          sentiment_score: eb.ref("excluded.sentiment_score"),
          impact: eb.ref("excluded.impact"),
          impact_score: eb.ref("excluded.impact_score"),
        })),
      )
      .execute();
  const announced = new Set(x.notified);
  for (const t of x.tickers)
    if (announced.has(t.symbol))
      await trx
        .updateTable("story_tickers")
        .set({ notified_at: x.at, notified_sentiment: t.sentiment, notified_impact: t.impact })
        .where("story_id", "=", x.storyId)
        .where("symbol", "=", t.symbol)
        .execute();
  await trx
    .updateTable("stories")
    .set({ tickers_json: x.tickers.length ? JSON.stringify(x.tickers) : null })
    .where("id", "=", x.storyId)
    .execute();
}

export function pgStoryDynamicsRepo(db: PgDb): StoryDynamicsRepo {
  const score = (now: number) => decayed("relevance", "last_updated", now, RECENCY_TAU_MS);
  const toRanked = async (rows: RankRow[]): Promise<RankedStory[]> => {
    const records = await toStoryRecords(db, rows);
    return rows.map((r, i) => ({
      ...records[i]!,
      priority: r.priority,
      velocity: r.velocity,
      velocityAt: r.velocity_at,
      relevance: r.relevance,
      overallScore: r.score,
      lastDevelopmentAt: r.last_development_at,
      firstSeenAt: r.first_seen,
    }));
  };

  return {
    async snapshots(ids) {
      const out: DynamicsSnapshot[] = [];
      for (const id of ids) {
        const s = await db
          .selectFrom("stories")
          .select([
            "id",
            "headline",
            "category",
            "first_seen",
            "last_updated",
            "priority",
            "velocity",
            "velocity_at",
            "last_development_at",
            "dev_state",
          ])
          .where("id", "=", id)
          .where("merged_into", "is", null)
          .executeTakeFirst();
        if (!s) continue;
        const { rows: members } = await sql<
          Omit<DynamicsSnapshot["members"][number], "authority" | "tickers"> & {
            authority: number | null;
            tickersJson: string | null;
          }
        >`SELECT a.id AS "articleId", a.url_hash AS "urlHash", a.title, a.source_id AS "sourceId",
            s.name AS "sourceName", a.duplicate_of AS "duplicateOf",
            CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END AS "time",
            r.overall_score AS authority, a.tickers_json AS "tickersJson"
          FROM articles a JOIN sources s ON s.id = a.source_id LEFT JOIN source_rankings r ON r.source_id = a.source_id
          WHERE a.story_id = ${id} ORDER BY "time", a.id`.execute(db);
        const entities = await db
          .selectFrom("story_entities as se")
          .innerJoin("entities as e", "e.id", "se.entity_id")
          .select(["e.id", "e.name", "se.mention_count as mentions"])
          .where("se.story_id", "=", id)
          .orderBy("se.mention_count", "desc")
          .orderBy("e.id")
          .limit(50)
          .execute();
        const notices = await db
          .selectFrom("story_tickers")
          .select([
            "symbol",
            "notified_at as notifiedAt",
            "notified_sentiment as sentiment",
            "notified_impact as impact",
          ])
          .where("story_id", "=", id)
          .execute();
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
          members: members.map(({ tickersJson, ...m }) => ({
            ...m,
            authority: m.authority ?? undefined,
            tickers: tickersJson ? (JSON.parse(tickersJson) as ArticleTicker[]) : null,
          })),
          entities,
          tickerNotices: notices as TickerNotice[],
        });
      }
      return out;
    },

    async apply(batch) {
      await db.transaction().execute(async (trx) => {
        // The rows this batch writes, locked first (see lockStories).
        await lockStories(trx, [
          ...batch.updates.map((u) => u.id),
          ...(batch.tickers ?? []).map((t) => t.storyId),
        ]);
        for (const u of batch.updates)
          await trx
            .updateTable("stories")
            .set({
              source_count: u.sourceCount,
              velocity: u.velocity,
              velocity_at: u.velocityAt,
              acceleration: u.acceleration,
              relevance: u.relevance,
              priority: u.priority,
              label: u.label,
              dev_state: JSON.stringify(u.devState),
              last_development_at: u.lastDevelopmentAt,
            })
            .where("id", "=", u.id)
            .execute();
        const developmentEvents: EventDraft[] = [];
        for (const d of batch.developments) {
          const { id } = await trx
            .insertInto("developments")
            .values({
              story_id: d.storyId,
              created_at_ms: d.development.createdAtMs,
              title: d.development.title,
              description: d.development.description,
              significance: d.development.significance,
              previous_headline: d.development.previousHeadline,
              new_headline: d.development.newHeadline,
              trigger_article_hashes: JSON.stringify(d.development.triggerArticleHashes),
              enrichment_seq: d.development.enrichmentSeq,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          developmentEvents.push(d.event(id));
        }
        for (const t of batch.tickers ?? []) await replaceStoryTickers(trx, t);
        // Events after every other write: the append lock is taken last and held only until the commit (a lock
        // taken after it could close a cycle with a writer that holds that lock and waits to append).
        for (const e of [...developmentEvents, ...batch.events]) await pgAppendEvent(trx, e, db);
      });
    },

    async elevated() {
      const { rows } = await sql<RankRow>`SELECT *, ${score(Date.now())} AS score FROM stories
        WHERE merged_into IS NULL AND priority <> 'low' ORDER BY id`.execute(db);
      return toRanked(rows);
    },

    async ranked({ now, since, limit, tickers }) {
      // The same "carries" as listActive (story_tickers), applied before the limit so no carrier is ranked out.
      const carrying = tickers?.length
        ? sql`AND id IN (SELECT story_id FROM story_tickers WHERE symbol = ANY(${tickers}::text[]))`
        : sql``;
      const { rows } = await sql<RankRow>`SELECT *, ${score(now)} AS score FROM stories
        WHERE merged_into IS NULL AND last_updated >= ${since} ${carrying}
        ORDER BY score DESC, id DESC LIMIT ${limit}`.execute(db);
      return toRanked(rows);
    },

    async lastRanking() {
      const row = await db
        .selectFrom("events")
        .select(["ts", "payload"])
        .where("type", "=", "clusters.ranked")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      const payload = row.payload ? (JSON.parse(row.payload) as { data?: Array<{ id: number }> }) : {};
      return { ts: row.ts, ids: (payload.data ?? []).map((s) => s.id) };
    },
  };
}
