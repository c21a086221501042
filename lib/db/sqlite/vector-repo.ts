import { embeddingFromBlob, embeddingToBlob } from "../../embeddings/encode";
import type { Db } from "../open-db";
import type { VectorRepo } from "../store";
import { toArticle } from "./article-repo";
import { stmt } from "./stmt-cache";
import { storyRecordReader, type StoryRow } from "./story-repo";

type ArticleRow = Parameters<typeof toArticle>[0];

const ARTICLE_COLUMNS = "a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language";

// sqlite-vec's KNN takes the time window as a rowid set (`rowid IN (…)`), so the `k` nearest are taken among
// in-window rows only: exact, and no over-fetch-then-filter that could come back short. A zero stored vector has
// no cosine distance (NULL) and is left out, in JS: a WHERE on the distance would be handed to vec0 as a KNN
// constraint, which it refuses.
const NEAREST_ARTICLES = `
  WITH knn AS (
    SELECT rowid AS id, distance FROM article_vectors
    WHERE embedding MATCH @vector AND k = @limit
      AND rowid IN (SELECT id FROM articles WHERE discovered_at >= @since))
  SELECT knn.distance AS knn_distance, ${ARTICLE_COLUMNS}
  FROM knn JOIN articles a ON a.id = knn.id JOIN sources s ON s.id = a.source_id
  ORDER BY knn.distance, a.id DESC`;

const NEAREST_STORIES = `
  WITH knn AS (
    SELECT rowid AS id, distance FROM story_vectors
    WHERE embedding MATCH @vector AND k = @limit
      AND rowid IN (SELECT id FROM stories WHERE last_updated >= @since AND merged_into IS NULL))
  SELECT knn.distance AS knn_distance, st.*
  FROM knn JOIN stories st ON st.id = knn.id
  ORDER BY knn.distance, st.id DESC`;

export function sqliteVectorRepo(db: Db): VectorRepo {
  const readStory = storyRecordReader(db);
  const vectorOf = (
    table: "article_vectors" | "story_vectors",
    owner: "articles" | "stories",
    id: number,
  ) => {
    const blob = stmt(db, `SELECT embedding FROM ${table} WHERE rowid = ?`).pluck().get(BigInt(id)) as
      | Buffer
      | undefined;
    if (!blob) return null;
    const model = stmt(db, `SELECT embedding_model FROM ${owner} WHERE id = ?`).pluck().get(id) as
      | string
      | null
      | undefined;
    return { vector: embeddingFromBlob(blob), model: model ?? null };
  };

  return {
    async nearestArticles({ vector, since, limit }) {
      const rows = stmt(db, NEAREST_ARTICLES).all({ vector: embeddingToBlob(vector), since, limit }) as Array<
        ArticleRow & { knn_distance: number | null }
      >;
      return rows.flatMap((r) =>
        r.knn_distance === null ? [] : [{ article: toArticle(r), distance: r.knn_distance }],
      );
    },

    async nearestStories({ vector, since, limit }) {
      const rows = stmt(db, NEAREST_STORIES).all({ vector: embeddingToBlob(vector), since, limit }) as Array<
        StoryRow & { knn_distance: number | null }
      >;
      return rows.flatMap((r) =>
        r.knn_distance === null ? [] : [{ story: readStory(r), distance: r.knn_distance }],
      );
    },

    async articleVector(articleId) {
      return vectorOf("article_vectors", "articles", articleId);
    },

    async storyVector(storyId) {
      return vectorOf("story_vectors", "stories", storyId);
    },
  };
}
