export { analyzeArticle, type ArticleAnalysis } from "./analyze-article";
export { EntityResolver, type KnownEntity, type ResolvedArticle } from "./entity-resolver";
export { extractEntities, type EntityExtraction, type ExtractOptions } from "./extract-entities";
export { combineConfidence, extractRelationships } from "./extract-relationships";
export { gazetteer, GazetteerIndex, type GazetteerEntry } from "./gazetteer";
export { entityKey, entityRef, entitySlug, normName } from "./normalize";
export { outletName, OutletNames, stripCredits } from "./outlets";
export { aliasRows, entityRowValues, type EntityRowValues } from "./rows";
export {
  ENTITY_TYPES,
  RELATIONSHIP_TYPES,
  SYMMETRIC_RELATIONSHIPS,
  type ArticleEntity,
  type ArticleRelationship,
  type ArticleText,
  type EntityType,
  type RelationshipType,
  type Subcategory,
} from "./types";
