/** Entity types and relationship types of contract §6.16 (both closed sets). */
export const ENTITY_TYPES = ["person", "org", "location"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const RELATIONSHIP_TYPES = [
  "works_for",
  "member_of",
  "leads",
  "founded",
  "owns",
  "part_of",
  "located_in",
  "allied_with",
  "opposes",
  "family_of",
  "associated_with",
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/** Relations whose direction carries no meaning: stored with source and target in a canonical order. */
export const SYMMETRIC_RELATIONSHIPS: ReadonlySet<RelationshipType> = new Set([
  "allied_with",
  "family_of",
  "associated_with",
]);

/** Contract §6.16's initial subcategories; the set is open, these are the ones this module emits. */
export type Subcategory =
  | "politician"
  | "government_official"
  | "executive"
  | "athlete"
  | "entertainer"
  | "journalist"
  | "company"
  | "government_body"
  | "political_party"
  | "ngo"
  | "media"
  | "country"
  | "city"
  | "region";

/** The text an entity extraction reads: an article's title and body (plain text). */
export interface ArticleText {
  title: string;
  text?: string | null;
}

/** One entity of one article: every mention of it merged, with the facts a gazetteer entry adds. */
export interface ArticleEntity {
  /** `${type}:${key}`: identifies the entity inside one extraction (and across them, see EntityResolver). */
  ref: string;
  type: EntityType;
  /** Normalised key, stable across articles: the `norm_key` of `UNIQUE(type, norm_key)`. */
  key: string;
  name: string;
  /** kebab-case of the name; the stored slug adds the row id (`idSlug` in lib/text/kebab.ts). */
  slug: string;
  subcategory: Subcategory | null;
  /** Mentions in this article (title and body). */
  count: number;
  /** Surface forms seen, titles and possessives removed, first-seen order, the name included. */
  aliases: string[];
  gazetteerId: string | null;
  description: string | null;
  wikidataId: string | null;
  wikipediaUrl: string | null;
  /** True only when a gazetteer entry supplied the description and ids. */
  enriched: boolean;
}

/** A typed relation between two entities of one article. */
export interface ArticleRelationship {
  /** `ref` of the source entity. */
  source: string;
  target: string;
  type: RelationshipType;
  /** 0–1; grows with independent evidence (see `combineConfidence`). */
  confidence: number;
  /** Sentences of this article that support the relation. */
  evidence: number;
  /** Name of the strongest pattern that produced it, `co-occurrence` for associated_with. */
  pattern: string;
}
