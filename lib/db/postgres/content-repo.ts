import { sql } from "kysely";

import type { ArticleContentRecord, ContentRepo } from "../store";
import type { ContentStatus } from "../types";
import type { PgDb } from "./connect";
import { lockCounters } from "./content-rows";
import { lockStories, writeStoryImage } from "./story-read-model";

export function pgContentRepo(db: PgDb): ContentRepo {
  return {
    async get(articleId) {
      const r = await db
        .selectFrom("article_content")
        .selectAll()
        .where("article_id", "=", articleId)
        .executeTakeFirst();
      if (!r) return null;
      return {
        articleId: r.article_id,
        finalUrl: r.final_url,
        extractedTitle: r.extracted_title,
        text: r.text,
        imageUrl: r.image_url,
        thumbUrl: r.thumb_url,
        videoUrl: r.video_url,
        fullSummary: r.full_summary,
        status: r.status as ContentStatus,
        error: r.error,
        extractedAt: r.extracted_at,
      } satisfies ArticleContentRecord;
    },

    async save(c) {
      await db.transaction().execute(async (trx) => {
        // A new image may change the story's: its row, then the counters, in the story repository's order.
        const storyId = c.imageUrl
          ? ((
              await trx
                .selectFrom("articles")
                .select("story_id")
                .where("id", "=", c.articleId)
                .executeTakeFirst()
            )?.story_id ?? null)
          : null;
        if (storyId !== null) await lockStories(trx, [storyId]);
        await lockCounters(
          trx,
          storyId !== null ? ["story_version", "article_version"] : ["article_version"],
        );
        const row = {
          article_id: c.articleId,
          final_url: c.finalUrl,
          extracted_title: c.extractedTitle,
          text: c.text,
          image_url: c.imageUrl,
          thumb_url: c.thumbUrl,
          video_url: c.videoUrl,
          status: c.status,
          error: c.error,
          extracted_at: c.extractedAt,
        };
        // full_summary belongs to enrichment and survives a re-extraction.
        const { article_id: _, ...update } = row;
        await trx
          .insertInto("article_content")
          .values(row)
          .onConflict((oc) => oc.column("article_id").doUpdateSet(update))
          .execute();
        // The article's own status, its image when the feed gave none, and the search vector's body follow the
        // extraction (the body only when there is content, as SQLite's articles_fts.body).
        const updated = await trx
          .updateTable("articles")
          .set((eb) => ({
            content_status: c.status,
            image_url: eb.fn.coalesce("image_url", sql<string | null>`${c.imageUrl}::text`),
            ...(c.status === "has_content"
              ? { fts: sql<string>`lede_article_fts(title, excerpt, ${c.text}::text)` }
              : {}),
          }))
          .where("id", "=", c.articleId)
          .returning("story_id")
          .executeTakeFirst();
        // A story shows its members' newest image.
        if (c.imageUrl && updated?.story_id != null) {
          // (A merge that moved the article meanwhile: its new story, locked late.)
          if (updated.story_id !== storyId) await lockStories(trx, [updated.story_id]);
          await writeStoryImage(trx, updated.story_id);
        }
      });
    },

    async tags(articleId) {
      return db
        .selectFrom("article_tags")
        .select(["tag", "score"])
        .where("article_id", "=", articleId)
        .orderBy("score", "desc")
        .orderBy(sql`tag COLLATE "C"`)
        .execute();
    },
  };
}
