import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { describe, expect, it } from "vitest";

import { migrate } from "../migrate";
import { migrations } from "./index";

describe("migration 015", () => {
  it("gives mentions stored before it their article's times, and new mentions get them by trigger", () => {
    const db = new Database(":memory:");
    try {
      sqliteVec.load(db);
      migrate(
        db,
        migrations.filter((m) => m.version < 15),
      );
      db.prepare("INSERT INTO sources (id, name, slug, created_at) VALUES (1, 'Wire', 'wire', 0)").run();
      const article = db.prepare(
        `INSERT INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, published_at,
           category)
         VALUES (?, 1, ?, ?, ?, 'Dam', 'dam', ?, ?, 'world')`,
      );
      article.run(1, "https://wire.test/1", "h1", "https://wire.test/1", 5_000, 3_000);
      article.run(2, "https://wire.test/2", "h2", "https://wire.test/2", 6_000, 0);
      db.prepare(
        "INSERT INTO entities (id, name, type, slug, norm_key) VALUES (7, 'Lisbon', 'location', 'l', 'l')",
      ).run();
      const mention = db.prepare("INSERT INTO article_entities (article_id, entity_id) VALUES (?, 7)");
      mention.run(1);
      migrate(db, migrations);
      mention.run(2);
      const rows = db
        .prepare("SELECT article_id, published_at, discovered_at FROM article_entities ORDER BY article_id")
        .all();
      expect(rows).toEqual([
        { article_id: 1, published_at: 3_000, discovered_at: 5_000 },
        { article_id: 2, published_at: 0, discovered_at: 6_000 },
      ]);
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT article_id FROM article_entities WHERE entity_id = 7
           ORDER BY published_at DESC, discovered_at DESC, article_id DESC LIMIT 20`,
        )
        .all() as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(" ")).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.close();
    }
  });
});
