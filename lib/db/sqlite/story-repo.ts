import { VELOCITY_TAU_MS } from "../../stories/dynamics/velocity";
import { idSlug } from "../../text/kebab";
import type { ScoredTicker } from "../../tickers/story-tickers";
import type { Db } from "../open-db";
import type { ClusteringBatch, LiveStory, StoryRecord, StoryRepo } from "../store";
import type { Article } from "../types";
import { toArticle } from "./article-repo";
import { appendEvent } from "./event-repo";
import {
  MEMBER_IMAGE,
  SOURCE_TOTAL,
  SOURCES_JSON,
  storyListingWriters,
  storySummaryWriter,
  TOP_ENTITIES_JSON,
} from "./story-read-model";
import { versionReader } from "./versions";

export function sqliteStoryRepo(db: Db): StoryRepo {
  const upsert =
    db.prepare(`INSERT INTO stories (id, slug, headline, category, article_count, first_seen, last_updated)
    VALUES (@id, @slug, @headline, @category, @articleCount, @firstSeen, @lastUpdated)
    ON CONFLICT(id) DO UPDATE SET slug = excluded.slug, headline = excluded.headline, category = excluded.category,
      article_count = excluded.article_count, first_seen = excluded.first_seen, last_updated = excluded.last_updated`);
  const headlineChanged = db.prepare("SELECT headline FROM stories WHERE id = ?").pluck();
  const addHeadline = db.prepare(
    "INSERT INTO story_headlines (story_id, headline, changed_at) VALUES (?, ?, ?)",
  );
  const member = db.prepare("UPDATE articles SET story_id = ? WHERE id = ?");
  const assign =
    db.prepare(`INSERT INTO story_assignments (article_id, story_id, assigned_at, reasons) VALUES (?, ?, ?, ?)
    ON CONFLICT(article_id) DO UPDATE SET story_id = excluded.story_id, assigned_at = excluded.assigned_at, reasons = excluded.reasons`);
  const mergedInto = db.prepare("UPDATE stories SET merged_into = ? WHERE id = ?");
  const repoint = db.prepare("UPDATE merged_stories SET into_id = ? WHERE into_id = ?");
  const recordMerge = db.prepare(
    "INSERT OR REPLACE INTO merged_stories (old_id, into_id, merged_at) VALUES (?, ?, ?)",
  );
  const moveMembers = db.prepare("UPDATE articles SET story_id = ? WHERE story_id = ?");
  const listing = storyListingWriters(db);
  const version = versionReader(db, "story_version");

  const applyTx = db.transaction((b: ClusteringBatch) => {
    for (const s of b.stories) {
      const before = headlineChanged.get(s.id) as string | undefined;
      upsert.run({ ...s, slug: idSlug(s.headline, s.id) });
      if (before !== s.headline) addHeadline.run(s.id, s.headline, s.lastUpdated);
    }
    // Memberships first: a merge later in the batch then moves the new arrivals along with the rest.
    for (const m of b.memberships) member.run(m.storyId, m.articleId);
    for (const a of b.assignments) assign.run(a.articleId, a.storyId, a.at, JSON.stringify(a.reasons));
    // A survivor may itself merge later in the same batch (and, if it is new, never get a row): follow each merge
    // to the story that finally survives.
    const into = new Map(b.merges.map((m) => [m.goneId, m.intoId]));
    const final = (id: number) => {
      for (let i = 0; i < 64 && into.has(id); i++) id = into.get(id) as number;
      return id;
    };
    const changed = new Set<number>();
    for (const m of b.merges) {
      const target = final(m.intoId);
      mergedInto.run(target, m.goneId);
      recordMerge.run(m.goneId, target, m.at);
      repoint.run(target, m.goneId);
      moveMembers.run(target, m.goneId);
      changed.add(target);
    }
    for (const s of b.stories) changed.add(final(s.id));
    for (const m of b.memberships) changed.add(final(m.storyId));
    for (const id of changed) listing.members(id);
    for (const e of b.events) appendEvent(db, e);
  });

  const reserveTx = db.transaction((n: number) => {
    const first = db.prepare("SELECT next FROM sequences WHERE name = 'story'").pluck().get() as number;
    db.prepare("UPDATE sequences SET next = next + ? WHERE name = 'story'").run(n);
    return first;
  });

  const toRecord = storyRecordReader(db);

  const summaries = storySummaryWriter(db);
  const staleSummaries = db
    .prepare(
      `SELECT id FROM stories WHERE merged_into IS NULL AND (last_updated >= ? OR summary = '')
       ORDER BY last_updated DESC LIMIT ?`,
    )
    .pluck();
  const rewriteSummaries = db.transaction((ids: number[]) => {
    for (const id of ids) summaries(id);
  });

  return {
    async refreshSummaries({ since, limit }) {
      const ids = staleSummaries.all(since, limit) as number[];
      // In slices, yielding between them: a busy worker keeps serving while thousands of stories are rewritten.
      for (let i = 0; i < ids.length; i += 100) {
        rewriteSummaries(ids.slice(i, i + 100));
        await new Promise((resolve) => setImmediate(resolve));
      }
      return ids.length;
    },
    async listActive({ since, now, category, tickers, limit, offset }) {
      const where =
        `merged_into IS NULL AND last_updated >= @since${category ? " AND category = @category" : ""}` +
        (tickers?.length
          ? " AND id IN (SELECT story_id FROM story_tickers WHERE symbol IN (SELECT value FROM json_each(@tickers)))"
          : "");
      const params = {
        since,
        now,
        category,
        tickers: tickers?.length ? JSON.stringify(tickers) : undefined,
        limit,
        offset,
        tau: VELOCITY_TAU_MS,
      };
      const total = (
        db.prepare(`SELECT COUNT(*) AS n FROM stories WHERE ${where}`).get(params) as { n: number }
      ).n;
      // Velocity as the dynamics stage stored it, decayed from when it was computed to now (lib/stories/dynamics).
      const rows = db
        .prepare(
          `SELECT * FROM stories WHERE ${where}
           ORDER BY velocity * exp(-max(0, @now - velocity_at) / @tau) DESC, last_updated DESC, id DESC
           LIMIT @limit OFFSET @offset`,
        )
        .all(params) as StoryRow[];
      return { stories: rows.map(toRecord), total };
    },
    async get(idOrSlug) {
      const row = (
        typeof idOrSlug === "number"
          ? db.prepare("SELECT * FROM stories WHERE id = ?").get(idOrSlug)
          : db.prepare("SELECT * FROM stories WHERE slug = ? ORDER BY id DESC LIMIT 1").get(idOrSlug)
      ) as StoryRow | undefined;
      return row ? toRecord(row) : null;
    },
    async history(storyId, since) {
      const members = db
        .prepare(
          `SELECT a.id, a.url_hash AS urlHash, a.title, s.name AS sourceName, a.published_at AS publishedAt,
             a.discovered_at AS addedAt
           FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.story_id = ?
           ORDER BY a.discovered_at DESC, a.id DESC`,
        )
        .all(storyId) as Array<{
        id: number;
        urlHash: string;
        title: string;
        sourceName: string;
        publishedAt: number;
        addedAt: number;
      }>;
      const before = members.filter((m) => m.addedAt <= since);
      const after = members.filter((m) => m.addedAt > since);
      const oldSources = new Set(before.map((m) => m.sourceName));
      const newSources = [...new Set(after.map((m) => m.sourceName))].filter((n) => !oldSources.has(n));
      const entityNames = (ids: number[]) =>
        ids.length === 0
          ? []
          : (db
              .prepare(
                `SELECT DISTINCT e.name FROM article_entities ae JOIN entities e ON e.id = ae.entity_id
                 WHERE ae.article_id IN (SELECT value FROM json_each(?)) ORDER BY e.name`,
              )
              .pluck()
              .all(JSON.stringify(ids)) as string[]);
      const oldEntities = new Set(entityNames(before.map((m) => m.id)));
      const newEntities = entityNames(after.map((m) => m.id)).filter((n) => !oldEntities.has(n));
      const headlines = db
        .prepare("SELECT changed_at FROM story_headlines WHERE story_id = ? ORDER BY changed_at, rowid")
        .pluck()
        .all(storyId) as number[];
      const developmentSignificances = db
        .prepare("SELECT significance FROM developments WHERE story_id = ? AND created_at_ms > ? ORDER BY id")
        .pluck()
        .all(storyId, since) as string[];
      const order = ["low", "medium", "high", "breaking"];
      const priorityRises = (
        db
          .prepare(
            "SELECT payload FROM events WHERE cluster_id = ? AND type = 'story.priority_changed' AND ts > ? ORDER BY id",
          )
          .pluck()
          .all(storyId, since) as Array<string | null>
      )
        .map((p) =>
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
      const rows = db
        .prepare("SELECT * FROM developments WHERE story_id = ? ORDER BY created_at_ms, enrichment_seq")
        .all(storyId) as Array<{
        id: number;
        story_id: number;
        created_at_ms: number;
        title: string;
        description: string;
        significance: string;
        previous_headline: string | null;
        new_headline: string | null;
        trigger_article_hashes: string;
        enrichment_seq: number;
      }>;
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
      const rows = db
        .prepare(
          `SELECT a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language
           FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.story_id = ? ORDER BY a.published_at DESC, a.id DESC`,
        )
        .all(storyId) as Parameters<typeof toArticle>[0][];
      return rows.map(toArticle) as Article[];
    },
    async apply(batch) {
      applyTx.immediate(batch);
    },
    async version() {
      return version();
    },
    async reserveIds(n) {
      return reserveTx.immediate(n);
    },
    async live(since) {
      const stories = db
        .prepare(
          "SELECT id, headline, category FROM stories WHERE merged_into IS NULL AND last_updated >= ? ORDER BY id",
        )
        .all(since) as Array<{ id: number; headline: string; category: string }>;
      const members = db.prepare(
        `SELECT id AS articleId, title, url, excerpt, category, CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END AS time,
           (SELECT group_concat(e.type || ':' || e.norm_key, char(31)) FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE ae.article_id = articles.id) AS names
         FROM articles WHERE story_id = ? ORDER BY time, id`,
      );
      return stories.map((s): LiveStory => ({ ...s, members: members.all(s.id) as LiveStory["members"] }));
    },
    async *titles() {
      for (const row of db.prepare("SELECT title, url, excerpt FROM articles ORDER BY id").iterate())
        yield row as { title: string; url: string; excerpt: string | null };
    },
    async unassigned() {
      const rows = db
        .prepare(
          `SELECT id, title, url, excerpt, category, url_hash AS urlHash, enriched_at IS NOT NULL AS enriched,
             CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END AS time, (SELECT group_concat(e.type || ':' || e.norm_key, char(31)) FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE ae.article_id = articles.id) AS names
           FROM articles WHERE story_id IS NULL ORDER BY time, id`,
        )
        .all() as Array<{
        id: number;
        title: string;
        url: string;
        excerpt: string | null;
        category: string;
        time: number;
        urlHash: string;
        names: string | null;
        enriched: number;
      }>;
      return rows.map((r) => ({ ...r, enriched: r.enriched === 1 }));
    },
    async hasUnassigned() {
      return db.prepare("SELECT EXISTS (SELECT 1 FROM articles WHERE story_id IS NULL)").pluck().get() === 1;
    },
    async latestArticleTime() {
      const r = db
        .prepare(
          "SELECT MAX(CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END) AS t FROM articles",
        )
        .get() as { t: number | null };
      return r.t ?? 0;
    },
  };
}

export type StoryRow = {
  id: number;
  slug: string;
  headline: string;
  summary: string;
  rich_summary: string;
  image_url: string | null;
  category: string;
  article_count: number;
  first_seen: number;
  last_updated: number;
  label: string | null;
  merged_into: number | null;
  sources_json?: string | null;
  top_entities_json?: string | null;
  member_image_url?: string | null;
  source_total?: number | null;
  tickers_json?: string | null;
};

/**
 * Turns a `stories` row into a StoryRecord. Its sources, top entities and member image come from the row's listing
 * columns (migration 008); a row written before them computes them from its members.
 */
export function storyRecordReader(db: Db): (r: StoryRow) => StoryRecord {
  const sourcesOf = db.prepare(`SELECT ${SOURCES_JSON.replaceAll("stories.id", "?")}`).pluck();
  const imageOf = db.prepare(`SELECT ${MEMBER_IMAGE.replaceAll("stories.id", "?")}`).pluck();
  const entitiesOf = db.prepare(`SELECT ${TOP_ENTITIES_JSON.replaceAll("stories.id", "?")}`).pluck();
  const sourceTotalOf = db.prepare(`SELECT ${SOURCE_TOTAL.replaceAll("stories.id", "?")}`).pluck();
  return (r: StoryRow): StoryRecord => ({
    id: r.id,
    slug: r.slug,
    headline: r.headline,
    summary: r.summary,
    richSummary: r.rich_summary,
    imageUrl:
      r.image_url ??
      (r.sources_json != null ? r.member_image_url : (imageOf.get(r.id) as string | null)) ??
      null,
    category: r.category,
    articleCount: r.article_count,
    firstSeen: r.first_seen,
    lastUpdated: r.last_updated,
    label: r.label,
    mergedInto: r.merged_into,
    sources: JSON.parse(r.sources_json ?? (sourcesOf.get(r.id) as string)) as string[],
    sourceCount: r.source_total ?? (sourceTotalOf.get(r.id) as number),
    topEntities: JSON.parse(r.top_entities_json ?? (entitiesOf.get(r.id) as string)) as Array<{
      name: string;
      type: string;
    }>,
    ...(r.tickers_json ? { tickers: JSON.parse(r.tickers_json) as ScoredTicker[] } : {}),
  });
}
