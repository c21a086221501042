import { getArticleOrThrow } from "../articles/get-item";
import type { ArticleVector, Store } from "../db/store";
import { EMBEDDING_DIMENSIONS } from "../embeddings/embedder";
import { encodeEmbedding } from "../embeddings/encode";
import { NotFoundError, ValidationError } from "../errors";
import { getStoryOrThrow } from "../stories/get-stories";
import type { EmbeddingQuery } from "./schemas";

// A vector stored without its model name (not something the enrichment stage writes) is still served.
const UNKNOWN_MODEL = "unknown";

async function storedVector(
  store: Store,
  q: EmbeddingQuery,
): Promise<{ id: string; stored: ArticleVector | null }> {
  if (q.type === "article") {
    const article = await getArticleOrThrow(store, q.id.toLowerCase());
    return { id: article.urlHash, stored: await store.vectors.articleVector(article.id) };
  }
  if (!/^\d+$/.test(q.id)) {
    throw new ValidationError("invalid_parameter", "id: must be a story's integer id", { param: "id" });
  }
  const story = await getStoryOrThrow(store, q.id);
  return { id: String(story.id), stored: await store.vectors.storyVector(story.id) };
}

/**
 * GET /v1/embeddings: the stored vector of an article (by url_hash) or a story (by integer id; its centroid), as
 * numbers or base64 float32 LE. 404 when the object is unknown (`details.resource` article/story) or has no vector
 * yet (`details.resource` embedding).
 */
export async function getEmbedding(store: Store, q: EmbeddingQuery) {
  const { id, stored } = await storedVector(store, q);
  if (!stored) throw new NotFoundError("embedding", `${q.type} ${id}`);
  return {
    ok: true,
    type: q.type,
    id,
    model: stored.model ?? UNKNOWN_MODEL,
    dimensions: EMBEDDING_DIMENSIONS,
    embedding: encodeEmbedding(stored.vector, q.format),
  };
}
