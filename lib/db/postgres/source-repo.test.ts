import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import { pgArticleRepo } from "./article-repo";
import { openPostgres } from "./connect";
import { itemNew, newArticle, testSourceIn } from "./content-test-fixtures";
import { pgSourceRepo } from "./source-repo";

const pg = postgresForTests();

describe("PostgreSQL SourceRepo", () => {
  it("ensures a source once, keeps existing rows, and finds it by id, slug and name (ASCII case-insensitive)", async () => {
    const { db } = await pg.fresh();
    const repo = pgSourceRepo(db, () => 42);
    const s = await testSourceIn(db, "alpha");
    const again = await repo.ensure({ ...s, name: "Other", enabled: false });
    expect(again).toEqual(s);
    expect(s.enabled).toBe(true);
    expect(await repo.get(s.id)).toEqual(s);
    expect(await repo.get("alpha")).toEqual(s);
    expect(await repo.get("missing")).toBeNull();
    expect((await repo.findByName("ALPHA"))?.id).toBe(s.id);
    expect(await repo.findByName("alp")).toBeNull();
    expect(await repo.count()).toBe(1);
    const off = await repo.ensure({ ...s, slug: "off", enabled: false });
    expect(off.enabled).toBe(false);
    expect(off.createdAt).toBe(42);
  });

  it("updates profile fields, lists by name with kept article counts", async () => {
    const { db } = await pg.fresh();
    const repo = pgSourceRepo(db);
    const b = await testSourceIn(db, "b");
    const a = await testSourceIn(db, "a");
    await repo.updateProfile(b.id, { name: "beta", logoUrl: "https://b/logo.png", language: undefined });
    await repo.updateProfile(a.id, {});
    expect(await repo.get(b.id)).toMatchObject({
      name: "beta",
      logoUrl: "https://b/logo.png",
      language: "en",
    });
    await repo.updateProfile(a.id, { name: "Alpha" });
    const articles = pgArticleRepo(db);
    await articles.ingest([newArticle(b.id, 1), newArticle(b.id, 2), newArticle(a.id, 3)], itemNew);
    // A moved article moves its count; a removed one takes it away.
    await db.updateTable("articles").set({ source_id: a.id }).where("url_hash", "=", "h1").execute();
    expect((await repo.list()).map((s) => [s.name, s.articleCount])).toEqual([
      ["Alpha", 2],
      ["beta", 1],
    ]);
    await db.deleteFrom("events").execute();
    await db.deleteFrom("articles").where("url_hash", "=", "h3").execute();
    expect((await repo.list()).map((s) => s.articleCount)).toEqual([1, 1]);
  });

  it("adds feeds once, lists due feeds of enabled sources, records polls", async () => {
    const { db } = await pg.fresh();
    const repo = pgSourceRepo(db);
    const s = await testSourceIn(db);
    const off = await repo.ensure({ ...s, slug: "off", enabled: false });
    const f1 = await repo.addFeed(s.id, "https://wire.test/rss", { title: "Wire" });
    expect(await repo.addFeed(s.id, "https://wire.test/rss")).toEqual(f1);
    const f2 = await repo.addFeed(s.id, "https://wire.test/rss2", { category: "tech" });
    await repo.addFeed(off.id, "https://off.test/rss");
    expect((await repo.feeds()).length).toBe(3);
    expect((await repo.feeds(s.id)).map((f) => f.id)).toEqual([f1.id, f2.id]);
    await repo.recordPoll(f1.id, {
      ok: true,
      at: 10,
      nextPollAt: 500,
      intervalMs: 490,
      etag: "e1",
      newItems: 3,
    });
    await repo.recordPoll(f1.id, { ok: true, at: 20, nextPollAt: 600, intervalMs: 580 });
    await repo.recordPoll(f2.id, { ok: false, at: 30, nextPollAt: 100, intervalMs: 0, error: "boom" });
    await repo.recordPoll(f2.id, { ok: false, at: 40, nextPollAt: 200, intervalMs: 0 });
    const [a, b] = await repo.feeds(s.id);
    expect(a).toMatchObject({
      etag: "e1",
      lastPolledAt: 20,
      lastSuccessAt: 20,
      nextPollAt: 600,
      intervalMs: 580,
    });
    expect(b).toMatchObject({
      lastError: "unknown error",
      lastErrorAt: 40,
      consecutiveFailures: 2,
      nextPollAt: 200,
    });
    const due = await repo.dueFeeds(1000, 10);
    expect(due.map((f) => [f.id, f.source.slug])).toEqual([
      [f2.id, "wire"],
      [f1.id, "wire"],
    ]);
    expect((await repo.dueFeeds(1000, 1)).length).toBe(1);
  });

  it("claims a due feed for exactly one of many workers on two pools", async () => {
    const { db, url } = await pg.fresh();
    const other = await openPostgres(url);
    try {
      const s = await testSourceIn(db);
      const feeds = [];
      for (let i = 0; i < 6; i++) feeds.push(await pgSourceRepo(db).addFeed(s.id, `https://wire.test/${i}`));
      const repos = [pgSourceRepo(db), pgSourceRepo(other.db)];
      const claims = await Promise.all(
        feeds.flatMap((f) => [0, 1, 2, 3].map((w) => repos[w % 2]!.claimFeed(f.id, 1_000, 301_000))),
      );
      for (let i = 0; i < feeds.length; i++)
        expect(claims.slice(i * 4, i * 4 + 4).filter(Boolean)).toHaveLength(1);
      expect(await repos[0]!.dueFeeds(1_000, 10)).toEqual([]);
      expect(await repos[1]!.claimFeed(feeds[0]!.id, 1_000, 2_000)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
