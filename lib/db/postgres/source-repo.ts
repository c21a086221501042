import { sql } from "kysely";

import type { SourceRepo } from "../store";
import type { PgDb } from "./connect";
import { toFeed, toSource } from "./content-rows";
import { isRowId } from "./text-values";

/** ASCII case-insensitive order, as SQLite's NOCASE: lower() of the C collation folds ASCII letters only. */
const nocase = sql`lower(name COLLATE "C")`;

export function pgSourceRepo(db: PgDb, now: () => number = Date.now): SourceRepo {
  const bySlug = (slug: string) =>
    db.selectFrom("sources").selectAll().where("slug", "=", slug).executeTakeFirst();
  const byId = (id: number) => db.selectFrom("sources").selectAll().where("id", "=", id).executeTakeFirst();
  return {
    async ensure(s) {
      // Existing rows are left as they are; of several processes ensuring one slug at once, one inserts it.
      await db
        .insertInto("sources")
        .values({
          slug: s.slug,
          name: s.name,
          homepage: s.homepage,
          country: s.country,
          language: s.language,
          category: s.category,
          logo_url: s.logoUrl,
          description: s.description,
          enabled: s.enabled !== false,
          created_at: now(),
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
      return toSource((await bySlug(s.slug))!);
    },
    async addFeed(sourceId, url, opts = {}) {
      await db
        .insertInto("feeds")
        .values({ source_id: sourceId, url, title: opts.title ?? null, category: opts.category ?? null })
        .onConflict((oc) => oc.column("url").doNothing())
        .execute();
      return toFeed(
        await db.selectFrom("feeds").selectAll().where("url", "=", url).executeTakeFirstOrThrow(),
      );
    },
    async get(idOrSlug) {
      if (typeof idOrSlug === "number" && !isRowId(idOrSlug)) return null;
      const r = typeof idOrSlug === "number" ? await byId(idOrSlug) : await bySlug(idOrSlug);
      return r ? toSource(r) : null;
    },
    async updateProfile(sourceId, patch) {
      const set: Record<string, string | null> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.homepage !== undefined) set.homepage = patch.homepage;
      if (patch.logoUrl !== undefined) set.logo_url = patch.logoUrl;
      if (patch.language !== undefined) set.language = patch.language;
      if (patch.country !== undefined) set.country = patch.country;
      if (Object.keys(set).length === 0) return;
      await db.updateTable("sources").set(set).where("id", "=", sourceId).execute();
    },
    async findByName(name) {
      const r = await db
        .selectFrom("sources")
        .selectAll()
        .where(nocase, "=", sql`lower(${name}::text COLLATE "C")`)
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      return r ? toSource(r) : null;
    },
    async list() {
      // article_count is kept by triggers (migration 20).
      const rows = await db.selectFrom("sources").selectAll().orderBy(nocase).orderBy("id").execute();
      return rows.map((r) => ({ ...toSource(r), articleCount: r.article_count }));
    },
    async feeds(sourceId) {
      let q = db.selectFrom("feeds").selectAll().orderBy("id");
      if (sourceId !== undefined) q = q.where("source_id", "=", sourceId);
      return (await q.execute()).map(toFeed);
    },
    async dueFeeds(at, limit) {
      const rows = await db
        .selectFrom("feeds as f")
        .innerJoin("sources as s", "s.id", "f.source_id")
        .selectAll("f")
        .where("s.enabled", "=", true)
        .where("f.next_poll_at", "<=", at)
        .orderBy("f.next_poll_at")
        .orderBy("f.id")
        .limit(limit)
        .execute();
      const sources = new Map<number, Awaited<ReturnType<typeof byId>>>();
      for (const id of new Set(rows.map((r) => r.source_id))) sources.set(id, await byId(id));
      return rows.map((r) => ({ ...toFeed(r), source: toSource(sources.get(r.source_id)!) }));
    },
    async claimFeed(feedId, at, until) {
      // One conditional update: of several workers claiming at once, the first takes the row lock and moves the
      // poll on; the others re-check the condition on the committed row and change nothing.
      const r = await db
        .updateTable("feeds")
        .set({ next_poll_at: until })
        .where("id", "=", feedId)
        .where("next_poll_at", "<=", at)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async recordPoll(feedId, u) {
      if (u.ok) {
        await db
          .updateTable("feeds")
          .set((eb) => ({
            last_polled_at: u.at,
            last_success_at: u.at,
            consecutive_failures: 0,
            etag: eb.fn.coalesce(sql<string | null>`${u.etag ?? null}::text`, "etag"),
            last_modified: eb.fn.coalesce(
              sql<string | null>`${u.lastModified ?? null}::text`,
              "last_modified",
            ),
            next_poll_at: u.nextPollAt,
            interval_ms: u.intervalMs,
            last_new_items: u.newItems ?? 0,
            articles_per_day: eb.fn.coalesce(
              sql<number | null>`${u.articlesPerDay ?? null}::double precision`,
              "articles_per_day",
            ),
          }))
          .where("id", "=", feedId)
          .execute();
      } else {
        await db
          .updateTable("feeds")
          .set((eb) => ({
            last_polled_at: u.at,
            last_error: u.error ?? "unknown error",
            last_error_at: u.at,
            consecutive_failures: eb("consecutive_failures", "+", 1),
            next_poll_at: u.nextPollAt,
          }))
          .where("id", "=", feedId)
          .execute();
      }
    },
    async count() {
      const r = await db
        .selectFrom("sources")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return r.n;
    },
  };
}
