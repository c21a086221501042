import type { Db } from "../open-db";
import type { SourceRepo } from "../store";
import type { Feed, Source } from "../types";

interface SourceRow {
  id: number;
  slug: string;
  name: string;
  homepage: string;
  country: string | null;
  language: string | null;
  category: string;
  logo_url: string | null;
  description: string | null;
  enabled: number;
  created_at: number;
}

interface FeedRow {
  id: number;
  source_id: number;
  url: string;
  title: string | null;
  category: string | null;
  etag: string | null;
  last_modified: string | null;
  interval_ms: number;
  next_poll_at: number;
  last_polled_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  consecutive_failures: number;
  articles_per_day: number;
}

const toSource = (r: SourceRow): Source => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  homepage: r.homepage,
  country: r.country,
  language: r.language,
  category: r.category,
  logoUrl: r.logo_url,
  description: r.description,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
});

const toFeed = (r: FeedRow): Feed => ({
  id: r.id,
  sourceId: r.source_id,
  url: r.url,
  title: r.title,
  category: r.category,
  etag: r.etag,
  lastModified: r.last_modified,
  intervalMs: r.interval_ms,
  nextPollAt: r.next_poll_at,
  lastPolledAt: r.last_polled_at,
  lastSuccessAt: r.last_success_at,
  lastError: r.last_error,
  lastErrorAt: r.last_error_at,
  consecutiveFailures: r.consecutive_failures,
  articlesPerDay: r.articles_per_day,
});

export function sqliteSourceRepo(db: Db, now: () => number = Date.now): SourceRepo {
  const bySlug = db.prepare("SELECT * FROM sources WHERE slug = ?");
  const byId = db.prepare("SELECT * FROM sources WHERE id = ?");
  const insert = db.prepare(`INSERT INTO sources (slug, name, homepage, country, language, category, logo_url,
      description, enabled, created_at)
    VALUES (@slug, @name, @homepage, @country, @language, @category, @logoUrl, @description, @enabled, @createdAt)
    ON CONFLICT(slug) DO NOTHING`);
  const feedByUrl = db.prepare("SELECT * FROM feeds WHERE url = ?");
  const insertFeed = db.prepare(
    "INSERT INTO feeds (source_id, url, title, category) VALUES (?, ?, ?, ?) ON CONFLICT(url) DO NOTHING",
  );
  return {
    async ensure(s) {
      insert.run({ ...s, enabled: s.enabled === false ? 0 : 1, createdAt: now() });
      return toSource(bySlug.get(s.slug) as SourceRow);
    },
    async addFeed(sourceId, url, opts = {}) {
      insertFeed.run(sourceId, url, opts.title ?? null, opts.category ?? null);
      return toFeed(feedByUrl.get(url) as FeedRow);
    },
    async get(idOrSlug) {
      const r = (typeof idOrSlug === "number" ? byId.get(idOrSlug) : bySlug.get(idOrSlug)) as
        | SourceRow
        | undefined;
      return r ? toSource(r) : null;
    },
    async updateProfile(sourceId, patch) {
      const columns: Record<string, string> = {
        name: "name",
        homepage: "homepage",
        logoUrl: "logo_url",
        language: "language",
        country: "country",
      };
      const set = Object.keys(patch).filter(
        (k) => k in columns && patch[k as keyof typeof patch] !== undefined,
      );
      if (set.length === 0) return;
      db.prepare(
        `UPDATE sources SET ${set.map((k) => `${columns[k]} = @${k}`).join(", ")} WHERE id = @id`,
      ).run({
        ...Object.fromEntries(set.map((k) => [k, patch[k as keyof typeof patch] ?? null])),
        id: sourceId,
      });
    },
    async findByName(name) {
      const r = db
        .prepare("SELECT * FROM sources WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1")
        .get(name) as SourceRow | undefined;
      return r ? toSource(r) : null;
    },
    async list() {
      const rows = db
        .prepare(
          // article_count is kept by triggers (migration 016).
          `SELECT s.* FROM sources s ORDER BY s.name COLLATE NOCASE, s.id`,
        )
        .all() as Array<SourceRow & { article_count: number }>;
      return rows.map((r) => ({ ...toSource(r), articleCount: r.article_count }));
    },
    async feeds(sourceId) {
      const rows = (
        sourceId === undefined
          ? db.prepare("SELECT * FROM feeds ORDER BY id").all()
          : db.prepare("SELECT * FROM feeds WHERE source_id = ? ORDER BY id").all(sourceId)
      ) as FeedRow[];
      return rows.map(toFeed);
    },
    async dueFeeds(at, limit) {
      const rows = db
        .prepare(
          `SELECT f.* FROM feeds f JOIN sources s ON s.id = f.source_id
           WHERE s.enabled = 1 AND f.next_poll_at <= ? ORDER BY f.next_poll_at, f.id LIMIT ?`,
        )
        .all(at, limit) as FeedRow[];
      return rows.map((r) => ({ ...toFeed(r), source: toSource(byId.get(r.source_id) as SourceRow) }));
    },
    async claimFeed(feedId, now, until) {
      // One statement: SQLite runs one writer at a time, so of two workers claiming a feed only one changes it.
      const claimed = db
        .prepare("UPDATE feeds SET next_poll_at = ? WHERE id = ? AND next_poll_at <= ?")
        .run(until, feedId, now);
      return claimed.changes === 1;
    },
    async recordPoll(feedId, u) {
      if (u.ok) {
        db.prepare(
          `UPDATE feeds SET last_polled_at = @at, last_success_at = @at, consecutive_failures = 0,
             etag = COALESCE(@etag, etag), last_modified = COALESCE(@lastModified, last_modified),
             next_poll_at = @nextPollAt, interval_ms = @intervalMs, last_new_items = @newItems,
             articles_per_day = COALESCE(@articlesPerDay, articles_per_day)
           WHERE id = @id`,
        ).run({
          id: feedId,
          at: u.at,
          etag: u.etag ?? null,
          lastModified: u.lastModified ?? null,
          nextPollAt: u.nextPollAt,
          intervalMs: u.intervalMs,
          newItems: u.newItems ?? 0,
          articlesPerDay: u.articlesPerDay ?? null,
        });
      } else {
        db.prepare(
          `UPDATE feeds SET last_polled_at = @at, last_error = @error, last_error_at = @at,
             consecutive_failures = consecutive_failures + 1, next_poll_at = @nextPollAt
           WHERE id = @id`,
        ).run({ id: feedId, at: u.at, error: u.error ?? "unknown error", nextPollAt: u.nextPollAt });
      }
    },
    async count() {
      return (db.prepare("SELECT COUNT(*) AS n FROM sources").get() as { n: number }).n;
    },
  };
}
