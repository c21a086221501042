import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { describe, expect, it } from "vitest";

import { migrate } from "../migrate";
import { migrations } from "./index";

describe("migration 018", () => {
  it("counts the distinct sources of stories stored before it, past the 20 names sources_json lists", () => {
    const db = new Database(":memory:");
    try {
      sqliteVec.load(db);
      migrate(
        db,
        migrations.filter((m) => m.version < 18),
      );
      db.prepare(
        `INSERT INTO stories (id, slug, headline, category, article_count, first_seen, last_updated)
         VALUES (1, 'quake-1', 'Quake', 'world', 26, 0, 0)`,
      ).run();
      const source = db.prepare("INSERT INTO sources (id, name, slug, created_at) VALUES (?, ?, ?, 0)");
      const article = db.prepare(
        `INSERT INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, category, story_id)
         VALUES (?, ?, ?, ?, ?, 'Quake', 'quake', 0, 'world', 1)`,
      );
      for (let i = 1; i <= 25; i++) {
        source.run(i, `Outlet ${i}`, `outlet-${i}`);
        article.run(i, i, `https://t.test/${i}`, `h${i}`, `https://t.test/${i}`);
      }
      article.run(26, 1, "https://t.test/26", "h26", "https://t.test/26");
      migrate(db, migrations);
      expect(db.prepare("SELECT source_total FROM stories WHERE id = 1").pluck().get()).toBe(25);
    } finally {
      db.close();
    }
  });
});
