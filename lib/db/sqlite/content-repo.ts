import type { Db } from "../open-db";
import type { ArticleContentRecord, ContentRepo, ContentSave } from "../store";
import type { ContentStatus } from "../types";
import { stmt } from "./stmt-cache";
import { MEMBER_IMAGE } from "./story-read-model";

interface Row {
  article_id: number;
  final_url: string | null;
  extracted_title: string | null;
  text: string;
  image_url: string | null;
  thumb_url: string | null;
  video_url: string | null;
  full_summary: string | null;
  status: ContentStatus;
  error: string | null;
  extracted_at: number | null;
}

function toRecord(r: Row): ArticleContentRecord {
  return {
    articleId: r.article_id,
    finalUrl: r.final_url,
    extractedTitle: r.extracted_title,
    text: r.text,
    imageUrl: r.image_url,
    thumbUrl: r.thumb_url,
    videoUrl: r.video_url,
    fullSummary: r.full_summary,
    status: r.status,
    error: r.error,
    extractedAt: r.extracted_at,
  };
}

export function sqliteContentRepo(db: Db): ContentRepo {
  const saveTx = db.transaction((c: ContentSave) => {
    // full_summary belongs to enrichment and survives a re-extraction.
    stmt(
      db,
      `INSERT INTO article_content (article_id, final_url, extracted_title, text, image_url, thumb_url, video_url,
         status, error, extracted_at)
       VALUES (@articleId, @finalUrl, @extractedTitle, @text, @imageUrl, @thumbUrl, @videoUrl, @status, @error,
         @extractedAt)
       ON CONFLICT(article_id) DO UPDATE SET final_url = excluded.final_url,
         extracted_title = excluded.extracted_title, text = excluded.text, image_url = excluded.image_url,
         thumb_url = excluded.thumb_url, video_url = excluded.video_url, status = excluded.status,
         error = excluded.error, extracted_at = excluded.extracted_at`,
    ).run(c);
    // The article's own status, its image when the feed gave none, and the search body follow the extraction.
    stmt(
      db,
      "UPDATE articles SET content_status = @status, image_url = COALESCE(image_url, @imageUrl) WHERE id = @articleId",
    ).run(c);
    // A story shows its members' newest image (migration 008).
    if (c.imageUrl) {
      const storyId = stmt(db, "SELECT story_id FROM articles WHERE id = ?").pluck().get(c.articleId) as
        | number
        | null
        | undefined;
      if (storyId != null)
        stmt(db, `UPDATE stories SET member_image_url = ${MEMBER_IMAGE} WHERE id = ?`).run(storyId);
    }
    if (c.status === "has_content") {
      stmt(db, "UPDATE articles_fts SET body = ? WHERE rowid = ?").run(c.text, c.articleId);
    }
  });
  return {
    async get(articleId) {
      const row = stmt(db, "SELECT * FROM article_content WHERE article_id = ?").get(articleId) as
        | Row
        | undefined;
      return row ? toRecord(row) : null;
    },
    async save(content) {
      saveTx(content);
    },
    async tags(articleId) {
      return stmt(
        db,
        "SELECT tag, score FROM article_tags WHERE article_id = ? ORDER BY score DESC, tag ASC",
      ).all(articleId) as Array<{ tag: string; score: number }>;
    },
  };
}
