import type { EntityRecord } from "../../db/store";

/** Entity (contract §6.5). */
export function toApiEntity(e: EntityRecord) {
  return {
    id: e.id,
    name: e.name,
    type: e.type,
    subcategory: e.subcategory,
    slug: e.slug,
    description: e.description,
    image_url: e.imageUrl,
    wikidata_id: e.wikidataId,
    wikipedia_url: e.wikipediaUrl,
    article_count: e.articleCount,
    aliases: e.aliases,
    enriched: e.enriched,
  };
}
export type ApiEntity = ReturnType<typeof toApiEntity>;

/** Graph node (contract §6.6). */
export function toGraphNode(e: Pick<EntityRecord, "id" | "name" | "type" | "slug">) {
  return { id: e.id, name: e.name, type: e.type, slug: e.slug };
}
export type GraphNode = ReturnType<typeof toGraphNode>;
