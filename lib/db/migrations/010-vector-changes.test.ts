import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, describe, expect, it } from "vitest";

import { migrations } from ".";
import { migrate } from "../migrate";

let db: Database.Database;
afterEach(() => db.close());

const vector = (seed: number) => Float32Array.from({ length: 1536 }, (_, i) => Math.sin(seed * 1_000 + i));
const blob = (v: Float32Array) => Buffer.from(v.buffer);

describe("migration 010 (vector changes)", () => {
  it("keeps every stored vector while rebuilding the vec0 tables with 32-vector chunks", () => {
    db = new Database(":memory:");
    sqliteVec.load(db);
    migrate(
      db,
      migrations.filter((m) => m.version < 10),
    );
    const put = (table: string, id: number) =>
      db.prepare(`INSERT INTO ${table} (rowid, embedding) VALUES (?, ?)`).run(BigInt(id), blob(vector(id)));
    for (let id = 1; id <= 70; id++) put("article_vectors", id * 3);
    put("story_vectors", 7);

    migrate(db);

    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck();
    expect(sql.get("article_vectors")).toContain("chunk_size=32");
    expect(sql.get("story_vectors")).toContain("chunk_size=32");
    const read = (table: string, id: number) =>
      db.prepare(`SELECT embedding FROM ${table} WHERE rowid = ?`).pluck().get(BigInt(id)) as Buffer;
    expect(db.prepare("SELECT count(*) FROM article_vectors").pluck().get()).toBe(70);
    for (const id of [3, 99, 210]) expect(read("article_vectors", id).equals(blob(vector(id)))).toBe(true);
    expect(read("story_vectors", 7).equals(blob(vector(7)))).toBe(true);
    const nearest = db
      .prepare("SELECT rowid FROM article_vectors WHERE embedding MATCH ? AND k = 1")
      .pluck()
      .get(blob(vector(99)));
    expect(nearest).toBe(99);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'vector_copy'").get()).toBeUndefined();
  });
});
