import { toApiArticle } from "../../articles/serialize";
import type { EntityRecord, Store } from "../../db/store";
import { NotFoundError } from "../../errors";
import type { EntityArticlesQuery } from "./schemas";
import { toApiEntity } from "./serialize";

/** An entity by integer id (an all-digit segment) or slug, or 404. */
export async function getEntityOrThrow(store: Store, idOrSlug: string): Promise<EntityRecord> {
  const entity = await store.entities.get(/^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug);
  if (!entity) throw new NotFoundError("entity", idOrSlug);
  return entity;
}

/** GET /v1/entities/{id}. */
export async function getEntity(store: Store, idOrSlug: string) {
  return toApiEntity(await getEntityOrThrow(store, idOrSlug));
}

/** GET /v1/entities/{id}/articles: newest published first, then discovered, then id. */
export async function listEntityArticles(store: Store, idOrSlug: string, q: EntityArticlesQuery) {
  const entity = await getEntityOrThrow(store, idOrSlug);
  const { items, total } = await store.entities.articles(entity.id, q);
  return { items: items.map(toApiArticle), total, offset: q.offset, limit: q.limit };
}
