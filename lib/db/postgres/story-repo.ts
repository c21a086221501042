import { sql } from "kysely";

import { VELOCITY_TAU_MS } from "../../stories/dynamics/velocity";
import { idSlug } from "../../text/kebab";
import { toArticle } from "../sqlite/article-repo";
import type { LiveStory, StoryRepo } from "../store";
import type { Article } from "../types";
import type { PgDb } from "./connect";
import { pgAppendEvent } from "./event-repo";
import { lockStories, writeStoryMembers, writeStorySummaries } from "./story-read-model";
import { ARTICLE_TIME, decayed, toStoryRecords } from "./story-rows";
import { isRowId } from "./text-values";

/**
 * Key of the transaction-level advisory lock every clustering batch holds: batches apply one at a time, in every
 * process sharing the database, as they did under SQLite's single writer (the clustering lease normally leaves one
 * writer anyway; this keeps a batch exact when two overlap during a hand-over).
 */
export const STORY_BATCH_LOCK = 0x1ede_0030;

/** An article with its source's name, slug and language, as `toArticle` reads it. */
const ARTICLE_COLUMNS = sql`a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language`;

/** The entity names of an article (`type:key` joined by U+001F), as the clusterer reads them. */
const NAMES = sql<
  string | null
>`(SELECT string_agg(e.type || ':' || e.norm_key, chr(31) ORDER BY ae.entity_id)
  FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE ae.article_id = articles.id)`;

const TITLES_PAGE = 2_000;

export function pgStoryRepo(db: PgDb): StoryRepo {
  const carrying = (tickers: string[] | undefined) =>
    tickers?.length
      ? sql`AND id IN (SELECT story_id FROM story_tickers WHERE symbol = ANY(${tickers}::text[]))`
      : sql``;

  return {
    async refreshSummaries({ since, limit }) {
      const ids = (
        await db
          .selectFrom("stories")
          .select("id")
          .where("merged_into", "is", null)
          .where((eb) => eb.or([eb("last_updated", ">=", since), eb("summary", "=", "")]))
          .orderBy("last_updated", "desc")
          .limit(limit)
          .execute()
      ).map((r) => r.id);
      // In slices of 100, one transaction each: a busy worker keeps serving while thousands are rewritten.
      for (let i = 0; i < ids.length; i += 100) {
        const slice = ids.slice(i, i + 100);
        await db.transaction().execute(async (trx) => {
          await lockStories(trx, slice);
          for (const id of slice) await writeStorySummaries(trx, id);
        });
      }
      return ids.length;
    },

    async listActive({ since, now, category, tickers, limit, offset }) {
      const where = sql`merged_into IS NULL AND last_updated >= ${since}
        ${category ? sql`AND category = ${category}` : sql``} ${carrying(tickers)}`;
      const { rows: count } = await sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM stories WHERE ${where}`.execute(db);
      // Velocity as the dynamics stage stored it, decayed from when it was computed to now (lib/stories/dynamics).
      const { rows } = await sql<Parameters<typeof toStoryRecords>[1][number]>`
        SELECT * FROM stories WHERE ${where}
        ORDER BY ${decayed("velocity", "velocity_at", now, VELOCITY_TAU_MS)} DESC, last_updated DESC, id DESC
        LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return { stories: await toStoryRecords(db, rows), total: Number(count[0]!.n) };
    },

    async get(idOrSlug) {
      if (typeof idOrSlug === "number" && !isRowId(idOrSlug)) return null;
      const row =
        typeof idOrSlug === "number"
          ? await db.selectFrom("stories").selectAll().where("id", "=", idOrSlug).executeTakeFirst()
          : await db
              .selectFrom("stories")
              .selectAll()
              .where("slug", "=", idOrSlug)
              .orderBy("id", "desc")
              .limit(1)
              .executeTakeFirst();
      return row ? (await toStoryRecords(db, [row]))[0]! : null;
    },

    async history(storyId, since) {
      const members = await db
        .selectFrom("articles as a")
        .innerJoin("sources as s", "s.id", "a.source_id")
        .select([
          "a.id",
          "a.url_hash as urlHash",
          "a.title",
          "s.name as sourceName",
          "a.published_at as publishedAt",
          "a.discovered_at as addedAt",
        ])
        .where("a.story_id", "=", storyId)
        .orderBy("a.discovered_at", "desc")
        .orderBy("a.id", "desc")
        .execute();
      const before = members.filter((m) => m.addedAt <= since);
      const after = members.filter((m) => m.addedAt > since);
      const oldSources = new Set(before.map((m) => m.sourceName));
      const newSources = [...new Set(after.map((m) => m.sourceName))].filter((n) => !oldSources.has(n));
      const entityNames = async (ids: number[]) =>
        ids.length === 0
          ? []
          : (
              await sql<{ name: string }>`SELECT DISTINCT e.name COLLATE "C" AS name FROM article_entities ae
                JOIN entities e ON e.id = ae.entity_id WHERE ae.article_id = ANY(${ids}::bigint[])
                ORDER BY 1`.execute(db)
            ).rows.map((r) => r.name);
      const oldEntities = new Set(await entityNames(before.map((m) => m.id)));
      const newEntities = (await entityNames(after.map((m) => m.id))).filter((n) => !oldEntities.has(n));
      // Ties of changed_at hold the same time, so their order cannot change the answer (SQLite adds its rowid).
      const headlines = (
        await db
          .selectFrom("story_headlines")
          .select("changed_at")
          .where("story_id", "=", storyId)
          .orderBy("changed_at")
          .execute()
      ).map((r) => r.changed_at);
      const developmentSignificances = (
        await db
          .selectFrom("developments")
          .select("significance")
          .where("story_id", "=", storyId)
          .where("created_at_ms", ">", since)
          .orderBy("id")
          .execute()
      ).map((r) => r.significance);
      const order = ["low", "medium", "high", "breaking"];
      const priorityRises = (
        await db
          .selectFrom("events")
          .select("payload")
          .where("cluster_id", "=", storyId)
          .where("type", "=", "story.priority_changed")
          .where("ts", ">", since)
          .orderBy("id")
          .execute()
      )
        .map(({ payload: p }) =>
          p ? (JSON.parse(p) as { data: { previous_priority: string; new_priority: string } }).data : null,
        )
        .filter((d) => d !== null && order.indexOf(d.new_priority) > order.indexOf(d.previous_priority))
        .map((d) => d!.new_priority);
      return {
        baselineCount: before.length,
        newArticles: after.map(({ urlHash, title, sourceName, publishedAt }) => ({
          urlHash,
          title,
          sourceName,
          publishedAt,
        })),
        newSources,
        newEntities,
        headlineChanged: headlines.some((t, i) => i > 0 && t > since),
        developmentSignificances,
        priorityRises,
      };
    },

    async developments(storyId) {
      const rows = await db
        .selectFrom("developments")
        .selectAll()
        .where("story_id", "=", storyId)
        .orderBy("created_at_ms")
        .orderBy("enrichment_seq")
        .execute();
      return rows.map((r) => ({
        id: r.id,
        storyId: r.story_id,
        createdAtMs: r.created_at_ms,
        title: r.title,
        description: r.description,
        significance: r.significance,
        previousHeadline: r.previous_headline,
        newHeadline: r.new_headline,
        triggerArticleHashes: JSON.parse(r.trigger_article_hashes) as string[],
        enrichmentSeq: r.enrichment_seq,
      }));
    },

    async members(storyId) {
      const { rows } = await sql<Parameters<typeof toArticle>[0]>`
        SELECT ${ARTICLE_COLUMNS} FROM articles a JOIN sources s ON s.id = a.source_id
        WHERE a.story_id = ${storyId} ORDER BY a.published_at DESC, a.id DESC`.execute(db);
      return rows.map(toArticle) as Article[];
    },

    async apply(b) {
      // Last write wins within a batch, as the embedded store's statement-by-statement loop gives.
      const memberships = new Map(b.memberships.map((m) => [m.articleId, m.storyId]));
      const assignments = new Map(b.assignments.map((a) => [a.articleId, a]));
      // A survivor may itself merge later in the same batch (and, if it is new, never get a row): follow each merge
      // to the story that finally survives.
      const into = new Map(b.merges.map((m) => [m.goneId, m.intoId]));
      const final = (id: number) => {
        for (let i = 0; i < 64 && into.has(id); i++) id = into.get(id) as number;
        return id;
      };
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${STORY_BATCH_LOCK})`.execute(trx);
        await lockStories(trx, [
          ...b.stories.map((s) => s.id),
          ...memberships.values(),
          ...b.merges.flatMap((m) => [m.goneId, final(m.intoId)]),
        ]);
        for (const s of b.stories) {
          const before = await trx
            .selectFrom("stories")
            .select("headline")
            .where("id", "=", s.id)
            .executeTakeFirst();
          const row = {
            slug: idSlug(s.headline, s.id),
            headline: s.headline,
            category: s.category,
            article_count: s.articleCount,
            first_seen: s.firstSeen,
            last_updated: s.lastUpdated,
          };
          await trx
            .insertInto("stories")
            .values({ id: s.id, ...row })
            .onConflict((oc) => oc.column("id").doUpdateSet(row))
            .execute();
          if (before?.headline !== s.headline)
            await trx
              .insertInto("story_headlines")
              .values({ story_id: s.id, headline: s.headline, changed_at: s.lastUpdated })
              .execute();
        }
        // Memberships first: a merge later in the batch then moves the new arrivals along with the rest.
        if (memberships.size)
          await sql`UPDATE articles a SET story_id = m.story_id
            FROM unnest(${[...memberships.keys()]}::bigint[], ${[...memberships.values()]}::bigint[])
              AS m(article_id, story_id)
            WHERE a.id = m.article_id`.execute(trx);
        if (assignments.size)
          await trx
            .insertInto("story_assignments")
            .values(
              [...assignments.values()].map((a) => ({
                article_id: a.articleId,
                story_id: a.storyId,
                assigned_at: a.at,
                reasons: JSON.stringify(a.reasons),
              })),
            )
            .onConflict((oc) =>
              oc.column("article_id").doUpdateSet((eb) => ({
                story_id: eb.ref("excluded.story_id"),
                assigned_at: eb.ref("excluded.assigned_at"),
                reasons: eb.ref("excluded.reasons"),
              })),
            )
            .execute();
        const changed = new Set<number>();
        for (const m of b.merges) {
          const target = final(m.intoId);
          await trx.updateTable("stories").set({ merged_into: target }).where("id", "=", m.goneId).execute();
          await trx
            .insertInto("merged_stories")
            .values({ old_id: m.goneId, into_id: target, merged_at: m.at })
            .onConflict((oc) => oc.column("old_id").doUpdateSet({ into_id: target, merged_at: m.at }))
            .execute();
          await trx
            .updateTable("merged_stories")
            .set({ into_id: target })
            .where("into_id", "=", m.goneId)
            .execute();
          await trx
            .updateTable("articles")
            .set({ story_id: target })
            .where("story_id", "=", m.goneId)
            .execute();
          changed.add(target);
        }
        for (const s of b.stories) changed.add(final(s.id));
        for (const id of memberships.values()) changed.add(final(id));
        for (const id of changed) await writeStoryMembers(trx, id);
        // Events last: the append lock is then held only until the commit that follows.
        for (const e of b.events) await pgAppendEvent(trx, e, db);
      });
    },

    async reserveIds(n) {
      // One statement under the counter row's lock: concurrent callers get disjoint ranges.
      const row = await db
        .updateTable("sequences")
        .set((eb) => ({ next: eb("next", "+", n) }))
        .where("name", "=", "story")
        .returning((eb) => eb("next", "-", n).as("first"))
        .executeTakeFirstOrThrow();
      return Number(row.first);
    },

    async version() {
      const row = await db
        .selectFrom("sequences")
        .select("next")
        .where("name", "=", "story_version")
        .executeTakeFirst();
      return row?.next ?? 0;
    },

    async live(since) {
      const stories = await db
        .selectFrom("stories")
        .select(["id", "headline", "category"])
        .where("merged_into", "is", null)
        .where("last_updated", ">=", since)
        .orderBy("id")
        .execute();
      if (stories.length === 0) return [];
      const { rows } = await sql<LiveStory["members"][number] & { storyId: number }>`
        SELECT story_id AS "storyId", id AS "articleId", title, url, excerpt, category, ${ARTICLE_TIME} AS "time",
          ${NAMES} AS names
        FROM articles WHERE story_id = ANY(${stories.map((s) => s.id)}::bigint[])
        ORDER BY story_id, "time", id`.execute(db);
      const members = new Map<number, LiveStory["members"]>();
      for (const { storyId, ...m } of rows) {
        let list = members.get(storyId);
        if (!list) members.set(storyId, (list = []));
        list.push(m);
      }
      return stories.map((s): LiveStory => ({ ...s, members: members.get(s.id) ?? [] }));
    },

    async *titles() {
      // Pages by id: no transaction or cursor is held open while the caller works through them.
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom("articles")
          .select(["id", "title", "url", "excerpt"])
          .where("id", ">", after)
          .orderBy("id")
          .limit(TITLES_PAGE)
          .execute();
        for (const { title, url, excerpt } of rows) yield { title, url, excerpt };
        if (rows.length < TITLES_PAGE) return;
        after = rows[rows.length - 1]!.id;
      }
    },

    async unassigned() {
      const { rows } = await sql<{
        id: number;
        title: string;
        url: string;
        excerpt: string | null;
        category: string;
        time: number;
        urlHash: string;
        names: string | null;
        enriched: boolean;
      }>`SELECT id, title, url, excerpt, category, url_hash AS "urlHash", enriched_at IS NOT NULL AS enriched,
           ${ARTICLE_TIME} AS "time", ${NAMES} AS names
         FROM articles WHERE story_id IS NULL ORDER BY "time", id`.execute(db);
      return rows;
    },

    async hasUnassigned() {
      const row = await db
        .selectFrom("articles")
        .select("id")
        .where("story_id", "is", null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async latestArticleTime() {
      const { rows } = await sql<{
        t: number | null;
      }>`SELECT MAX(${ARTICLE_TIME}) AS t FROM articles`.execute(db);
      return rows[0]?.t ?? 0;
    },
  };
}
