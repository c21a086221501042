import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { postgresForTests } from "../../testing/postgres-db";
import type { ContentSave } from "../store";
import { pgArticleRepo } from "./article-repo";
import { openPostgres, type PgDb } from "./connect";
import { pgContentRepo } from "./content-repo";
import { itemNew, newArticle, testSourceIn } from "./content-test-fixtures";

const pg = postgresForTests();

const save = (articleId: number, over: Partial<ContentSave> = {}): ContentSave => ({
  articleId,
  finalUrl: "https://final.test/x",
  extractedTitle: "Extracted",
  text: "The central bank raised interest rates",
  imageUrl: null,
  thumbUrl: null,
  videoUrl: null,
  status: "has_content",
  error: null,
  extractedAt: 5,
  ...over,
});

const bodyMatches = async (db: PgDb, id: number, word: string) =>
  (
    await sql<{
      hit: boolean;
    }>`SELECT fts @@ to_tsquery('lede_search', ${word}) AS hit FROM articles WHERE id = ${id}`.execute(db)
  ).rows[0]!.hit;

async function setup(db: PgDb) {
  const s = await testSourceIn(db);
  const { inserted } = await pgArticleRepo(db).ingest(
    [newArticle(s.id, 1), newArticle(s.id, 2, { imageUrl: "https://feed/img.jpg", publishedAt: 5_000 })],
    itemNew,
  );
  return inserted;
}

describe("PostgreSQL ContentRepo", () => {
  it("stores an extraction, sets the article's status and image, and indexes the text", async () => {
    const { db } = await pg.fresh();
    const [a, b] = await setup(db);
    const repo = pgContentRepo(db);
    expect(await repo.get(a!.id)).toBeNull();
    await repo.save(save(a!.id, { imageUrl: "https://page/img.jpg" }));
    await repo.save(save(b!.id, { imageUrl: "https://page/other.jpg" }));
    expect(await repo.get(a!.id)).toEqual({
      ...save(a!.id, { imageUrl: "https://page/img.jpg" }),
      fullSummary: null,
    });
    const [ra, rb] = await db
      .selectFrom("articles")
      .select(["content_status", "image_url"])
      .orderBy("id")
      .execute();
    expect(ra).toEqual({ content_status: "has_content", image_url: "https://page/img.jpg" });
    // The feed's image stands.
    expect(rb!.image_url).toBe("https://feed/img.jpg");
    expect(await bodyMatches(db, a!.id, "interest & rate")).toBe(true);
    // A failed re-extraction keeps the indexed text and a stored full summary.
    await db
      .updateTable("article_content")
      .set({ full_summary: "Full" })
      .where("article_id", "=", a!.id)
      .execute();
    await repo.save(save(a!.id, { status: "failed", text: "", error: "timeout", extractedAt: 9 }));
    expect(await repo.get(a!.id)).toMatchObject({
      status: "failed",
      error: "timeout",
      fullSummary: "Full",
      text: "",
    });
    expect(await bodyMatches(db, a!.id, "interest")).toBe(true);
    expect((await pgArticleRepo(db).getByHash("h1"))?.contentStatus).toBe("failed");
  });

  it("lists an article's tags, highest score first, ties by tag", async () => {
    const { db } = await pg.fresh();
    const [a] = await setup(db);
    await db
      .insertInto("article_tags")
      .values([
        { article_id: a!.id, tag: "b", score: 0.5 },
        { article_id: a!.id, tag: "a", score: 0.5 },
        { article_id: a!.id, tag: "z", score: 0.9 },
      ])
      .execute();
    expect(await pgContentRepo(db).tags(a!.id)).toEqual([
      { tag: "z", score: 0.9 },
      { tag: "a", score: 0.5 },
      { tag: "b", score: 0.5 },
    ]);
  });

  it("keeps a story's member image while two pools save its members' pages at once", async () => {
    const { db, url } = await pg.fresh();
    const other = await openPostgres(url);
    try {
      const s = await testSourceIn(db);
      const { inserted } = await pgArticleRepo(db).ingest(
        Array.from({ length: 10 }, (_, i) => newArticle(s.id, i, { publishedAt: 1_000 + i })),
        itemNew,
      );
      const story = await db
        .insertInto("stories")
        .values({ slug: "s", headline: "h", category: "world", first_seen: 1, last_updated: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.updateTable("articles").set({ story_id: story.id }).execute();
      const repos = [pgContentRepo(db), pgContentRepo(other.db)];
      await Promise.all(
        inserted.map((a, i) => repos[i % 2]!.save(save(a.id, { imageUrl: `https://img/${i}.jpg` }))),
      );
      const row = await db.selectFrom("stories").select("member_image_url").executeTakeFirstOrThrow();
      expect(row.member_image_url).toBe("https://img/9.jpg");
      expect(
        (await db.selectFrom("articles").select("content_status").execute()).every(
          (r) => r.content_status === "has_content",
        ),
      ).toBe(true);
    } finally {
      await other.close();
    }
  });
});
