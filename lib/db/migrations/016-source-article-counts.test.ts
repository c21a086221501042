import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { describe, expect, it } from "vitest";

import { migrate } from "../migrate";
import { migrations } from "./index";

describe("migration 016", () => {
  it("counts each source's articles stored before it, and triggers keep the count as articles come and go", () => {
    const db = new Database(":memory:");
    try {
      sqliteVec.load(db);
      migrate(
        db,
        migrations.filter((m) => m.version < 16),
      );
      const source = db.prepare("INSERT INTO sources (id, name, slug, created_at) VALUES (?, ?, ?, 0)");
      source.run(1, "Wire", "wire");
      source.run(2, "Post", "post");
      const article = db.prepare(
        `INSERT INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, category)
         VALUES (?, ?, ?, ?, ?, 'Dam', 'dam', 0, 'world')`,
      );
      const add = (id: number, sourceId: number) =>
        article.run(id, sourceId, `https://t.test/${id}`, `h${id}`, `https://t.test/${id}`);
      add(1, 1);
      add(2, 1);
      migrate(db, migrations);
      const counts = () => db.prepare("SELECT id, article_count FROM sources ORDER BY id").all();
      expect(counts()).toEqual([
        { id: 1, article_count: 2 },
        { id: 2, article_count: 0 },
      ]);
      add(3, 2);
      db.prepare(
        "INSERT OR IGNORE INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, category) VALUES (4, 2, 'u', 'h3', 'u', 'Dup', 'dup', 0, 'world')",
      ).run();
      db.prepare("UPDATE articles SET source_id = 2 WHERE id = 1").run();
      db.prepare("DELETE FROM articles WHERE id = 2").run();
      expect(counts()).toEqual([
        { id: 1, article_count: 0 },
        { id: 2, article_count: 2 },
      ]);
    } finally {
      db.close();
    }
  });
});
