import type { Store } from "../../db/store";
import { pagesOf, VersionedPages } from "../../serving/versioned-pages";
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

/** How long a kept entity page may be served while no entity has changed (sources of its other fields). */
const ENTITY_PAGE_TTL_MS = 10_000;
const entityPages = new WeakMap<Store, VersionedPages>();

/** GET /v1/entities, serialised and kept until an entity changes (migration 022's counter). */
export function entityListBody(store: Store, q: ListEntitiesQuery, now: number) {
  const pages = pagesOf(
    entityPages,
    store,
    () => new VersionedPages(() => store.entities.version(), ENTITY_PAGE_TTL_MS),
  );
  return pages.get(`entities:${JSON.stringify(q)}`, now, () => listEntities(store, q));
}

/** GET /v1/entities/politicians: the same as `subcategory=politician`. */
export function listPoliticians(store: Store, q: PoliticiansQuery) {
  return listEntities(store, { ...q, q: undefined, subcategory: "politician" });
}
