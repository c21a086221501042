import type { Store } from "../db/store";
import { OutletNames } from "../entities/outlets";

interface Cached {
  count: number;
  at: number;
  names: OutletNames;
}

const cache = new WeakMap<Store, Cached>();
/** A rename (a feed telling its own title) is picked up within this long even when no source was added. */
const MAX_AGE_MS = 60_000;

/**
 * The names of every registered source, for entity extraction: rebuilt when a source is added (the importer
 * registers an article's source before storing it) or after `MAX_AGE_MS`.
 */
export async function registeredOutlets(store: Store): Promise<OutletNames> {
  const count = await store.sources.count();
  const now = Date.now();
  const hit = cache.get(store);
  if (hit && hit.count === count && now - hit.at < MAX_AGE_MS) return hit.names;
  const names = new OutletNames((await store.sources.list()).map((s) => s.name));
  cache.set(store, { count, at: now, names });
  return names;
}
