import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, describe, expect, it } from "vitest";

import { migrations } from ".";
import { migrate } from "../migrate";

let db: Database.Database;
afterEach(() => db.close());

describe("migration 006 (enrichment state)", () => {
  it("marks stored articles enriched when the log shows it or they predate the log, and leaves the rest due", () => {
    db = new Database(":memory:");
    sqliteVec.load(db);
    migrate(
      db,
      migrations.filter((m) => m.version < 6),
    );
    db.prepare("INSERT INTO sources (id, name, slug, created_at) VALUES (1, 'Wire', 'wire', 0)").run();
    const article = db.prepare(
      `INSERT INTO articles (id, source_id, url, url_hash, canonical_url, title, slug, discovered_at, published_at, category)
       VALUES (?, 1, ?, ?, ?, ?, 'headline', ?, ?, 'world')`,
    );
    const event = db.prepare("INSERT INTO events (ts, type, article_id, payload) VALUES (?, ?, ?, '{}')");
    // 1 is older than every retained event (its events were pruned); 2 has both events; 3 only its item.new.
    for (const [id, at] of [
      [1, 1_000],
      [2, 5_000],
      [3, 6_000],
    ] as const)
      article.run(
        id,
        `https://wire.test/${id}`,
        `h${id}`,
        `https://wire.test/${id}`,
        `Headline ${id}`,
        at,
        at,
      );
    event.run(5_000, "item.new", 2);
    event.run(5_000, "item.enriched", 2);
    event.run(6_000, "item.new", 3);

    expect(
      migrate(
        db,
        migrations.filter((m) => m.version <= 6),
      ),
    ).toEqual([6]);
    const rows = db.prepare("SELECT id, enriched_at FROM articles ORDER BY id").all();
    expect(rows).toEqual([
      { id: 1, enriched_at: 1_000 },
      { id: 2, enriched_at: 5_000 },
      { id: 3, enriched_at: null },
    ]);
  });
});
