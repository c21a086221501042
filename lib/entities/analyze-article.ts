import { extractEntities, type ExtractOptions } from "./extract-entities";
import { extractRelationships } from "./extract-relationships";
import type { ArticleEntity, ArticleRelationship, ArticleText } from "./types";

export interface ArticleAnalysis {
  entities: ArticleEntity[];
  relationships: ArticleRelationship[];
}

/** Entities and relationships of one article in one pass (the sentences are parsed once). */
export function analyzeArticle(doc: ArticleText, options: ExtractOptions = {}): ArticleAnalysis {
  const extraction = extractEntities(doc, options);
  return { entities: extraction.entities, relationships: extractRelationships(extraction) };
}
