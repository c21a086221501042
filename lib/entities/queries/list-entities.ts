import type { Store } from "../../db/store";
import type { ListEntitiesQuery, PoliticiansQuery } from "./schemas";
import { toApiEntity } from "./serialize";

/**
 * The comparison form of query text, like the stored `norm_key` and alias `norm`: diacritics folded, lowercase,
 * periods inside acronyms and apostrophes dropped, other punctuation read as a space.
 */
export function foldQuery(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/(\p{L})\.(?=\p{L}|\s|$)/gu, "$1")
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** GET /v1/entities: most articles first; with `q`, name/alias prefix matches before substring matches. */
export async function listEntities(store: Store, q: ListEntitiesQuery) {
  const { entities, total } = await store.entities.list({
    match: q.q === undefined ? undefined : { raw: q.q, folded: foldQuery(q.q) },
    type: q.type,
    subcategory: q.subcategory,
    limit: q.limit,
    offset: q.offset,
  });
  return { entities: entities.map(toApiEntity), total, offset: q.offset, limit: q.limit };
}

/** GET /v1/entities/politicians: the same as `subcategory=politician`. */
export function listPoliticians(store: Store, q: PoliticiansQuery) {
  return listEntities(store, { ...q, q: undefined, subcategory: "politician" });
}
