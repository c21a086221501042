import { normName } from "./normalize";
import type { ArticleEntity } from "./types";

/** Columns of an `entities` row (lib/db/migrations/001-initial.ts) for an extracted entity, less id and counts. */
export interface EntityRowValues {
  name: string;
  type: ArticleEntity["type"];
  subcategory: string | null;
  /** Base slug; the stored one appends the row id (`idSlug` in lib/text/kebab.ts). */
  slug: string;
  norm_key: string;
  description: string | null;
  wikidata_id: string | null;
  wikipedia_url: string | null;
  enriched: 0 | 1;
}

export function entityRowValues(e: ArticleEntity): EntityRowValues {
  return {
    name: e.name,
    type: e.type,
    subcategory: e.subcategory,
    slug: e.slug,
    norm_key: e.key,
    description: e.description,
    wikidata_id: e.wikidataId,
    wikipedia_url: e.wikipediaUrl,
    enriched: e.enriched ? 1 : 0,
  };
}

/** `entity_aliases` rows (alias, norm) for an entity, one per distinct normalised alias. */
export function aliasRows(e: ArticleEntity): { alias: string; norm: string }[] {
  const seen = new Map<string, string>();
  for (const alias of e.aliases) {
    const norm = normName(alias);
    if (norm && !seen.has(norm)) seen.set(norm, alias);
  }
  return [...seen].map(([norm, alias]) => ({ alias, norm }));
}
