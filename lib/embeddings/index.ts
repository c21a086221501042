export { ARTICLE_TEXT_CHARS, articleEmbeddingText } from "./article-text";
export { createEmbedder } from "./create-embedder";
export {
  cosineSimilarity,
  EMBEDDING_DIMENSIONS,
  meanEmbedding,
  normalizeInPlace,
  type Embedder,
} from "./embedder";
export {
  embeddingFromBase64,
  embeddingFromBlob,
  embeddingToBase64,
  embeddingToBlob,
  encodeEmbedding,
  type EmbeddingFormat,
} from "./encode";
export { LOCAL_EMBEDDING_MODEL, LocalEmbedder } from "./local-embedder";
export { EmbeddingProviderError, OpenAiEmbedder } from "./openai-embedder";
