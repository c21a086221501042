import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runPipeline } from "../../ingestion/pipeline";
import { tempStore, testSource } from "../../testing/temp-store";
import { migrate } from "../migrate";
import { migrations } from "../migrations";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const T = Date.UTC(2026, 0, 5, 12);

async function articles() {
  const wire = await testSource(store, "wire", "Wire");
  const post = await testSource(store, "post", "Post");
  const { inserted } = await runPipeline({ store }, [
    { raw: { url: "https://wire.test/1", title: "Dam bursts near Lisbon" }, source: wire, discoveredAt: T },
    {
      raw: { url: "https://post.test/2", title: "Lisbon dam bursts", imageUrl: "https://post.test/2.jpg" },
      source: post,
      discoveredAt: T + 1,
    },
    {
      raw: { url: "https://post.test/3", title: "Floods follow Lisbon dam burst" },
      source: post,
      discoveredAt: T + 2,
    },
    { raw: { url: "https://wire.test/4", title: "Rail strike in Porto" }, source: wire, discoveredAt: T + 3 },
  ]);
  return inserted.map((a) => a.id);
}

const story = (id: number, articleCount: number, headline = `Story ${id}`) => ({
  id,
  headline,
  category: "world",
  articleCount,
  firstSeen: T,
  lastUpdated: T + 3,
});

const row = (id: number) =>
  store.db
    .prepare("SELECT sources_json, top_entities_json, member_image_url FROM stories WHERE id = ?")
    .get(id) as { sources_json: string; top_entities_json: string | null; member_image_url: string | null };

describe("story listing columns", () => {
  it("are written by the clustering batch: sources by contribution and the members' image, moved by merges", async () => {
    const [a1, a2, a3, a4] = await articles();
    const v0 = await store.stories.version();
    await store.stories.apply({
      stories: [story(1, 3), story(2, 1)],
      memberships: [
        { articleId: a1!, storyId: 1 },
        { articleId: a2!, storyId: 1 },
        { articleId: a3!, storyId: 1 },
        { articleId: a4!, storyId: 2 },
      ],
      assignments: [],
      merges: [],
      events: [],
    });
    expect(await store.stories.version()).toBeGreaterThan(v0);
    expect(row(1)).toMatchObject({
      sources_json: '["Post","Wire"]',
      member_image_url: "https://post.test/2.jpg",
    });
    expect(row(2)).toMatchObject({ sources_json: '["Wire"]', member_image_url: null });
    expect(await store.stories.get(1)).toMatchObject({
      sources: ["Post", "Wire"],
      imageUrl: "https://post.test/2.jpg",
      topEntities: [],
    });

    const v1 = await store.stories.version();
    await store.stories.apply({
      stories: [story(2, 4)],
      memberships: [],
      assignments: [],
      merges: [{ goneId: 1, intoId: 2, at: T + 4 }],
      events: [],
    });
    expect(await store.stories.version()).toBeGreaterThan(v1);
    // Wire and Post have two articles each: the name breaks the tie.
    expect(await store.stories.get(2)).toMatchObject({
      sources: ["Post", "Wire"],
      imageUrl: "https://post.test/2.jpg",
      articleCount: 4,
    });
  });

  it("take a member's image found later by content extraction", async () => {
    const [, , , a4] = await articles();
    await store.stories.apply({
      stories: [story(5, 1)],
      memberships: [{ articleId: a4!, storyId: 5 }],
      assignments: [],
      merges: [],
      events: [],
    });
    expect((await store.stories.get(5))?.imageUrl).toBeNull();
    await store.content.save({
      articleId: a4!,
      finalUrl: "https://wire.test/4",
      extractedTitle: "Rail strike in Porto",
      text: "Trains stopped.",
      imageUrl: "https://wire.test/4.jpg",
      thumbUrl: null,
      videoUrl: null,
      status: "has_content",
      error: null,
      extractedAt: T + 10,
    });
    expect((await store.stories.get(5))?.imageUrl).toBe("https://wire.test/4.jpg");
  });

  it("carry the top entities written by the entity refresh", async () => {
    const [a1, a2] = await articles();
    await store.stories.apply({
      stories: [story(3, 2)],
      memberships: [
        { articleId: a1!, storyId: 3 },
        { articleId: a2!, storyId: 3 },
      ],
      assignments: [],
      merges: [],
      events: [],
    });
    const entity = store.db.prepare(
      "INSERT INTO entities (id, name, type, slug, norm_key) VALUES (?, ?, ?, ?, ?)",
    );
    entity.run(1, "Lisbon", "location", "lisbon", "lisbon");
    entity.run(2, "EDP", "org", "edp", "edp");
    const mention = store.db.prepare(
      "INSERT INTO article_entities (article_id, entity_id, mention_count) VALUES (?, ?, ?)",
    );
    mention.run(a1, 1, 1);
    mention.run(a2, 1, 2);
    mention.run(a2, 2, 1);
    await store.enrichment.refreshStories([3]);
    expect((await store.stories.get(3))?.topEntities).toEqual([
      { name: "Lisbon", type: "location" },
      { name: "EDP", type: "org" },
    ]);
  });
});

describe("migration 008", () => {
  it("fills the listing columns of stories written before it", () => {
    const db = new Database(":memory:");
    try {
      sqliteVec.load(db);
      migrate(
        db,
        migrations.filter((m) => m.version < 8),
      );
      db.prepare("INSERT INTO sources (id, name, slug, created_at) VALUES (1, 'Wire', 'wire', 0)").run();
      db.prepare(
        `INSERT INTO stories (id, slug, headline, category, article_count, first_seen, last_updated)
         VALUES (9, 'dam-9', 'Dam', 'world', 1, 0, 0)`,
      ).run();
      db.prepare(
        `INSERT INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, published_at,
           category, image_url, story_id)
         VALUES (1, 1, 'https://wire.test/1', 'h1', 'https://wire.test/1', 'Dam', 'dam', 0, 0, 'world', 'https://i/1.jpg', 9)`,
      ).run();
      migrate(db, migrations);
      expect(
        db.prepare("SELECT sources_json, top_entities_json, member_image_url FROM stories").get(),
      ).toEqual({
        sources_json: '["Wire"]',
        top_entities_json: "[]",
        member_image_url: "https://i/1.jpg",
      });
    } finally {
      db.close();
    }
  });
});
