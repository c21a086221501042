import type { Store } from "../db/store";
import { normSymbol, shippedRegistry, type Security } from "./registry";
import { SecurityIndex } from "./security-index";

interface Cached {
  version: number;
  index: SecurityIndex;
}

const cache = new WeakMap<Store, Cached>();

/** The shipped registry with an operator's additions over it (an added symbol replaces the shipped entry). */
export function mergeSecurities(shipped: readonly Security[], added: readonly Security[]): Security[] {
  const bySymbol = new Map(shipped.map((s) => [normSymbol(s.symbol), s]));
  for (const s of added) bySymbol.set(normSymbol(s.symbol), s);
  return [...bySymbol.values()];
}

/**
 * The index the tagger reads: the shipped registry and the store's additions, rebuilt when an import (by any
 * process sharing the database) moved the securities version.
 */
export async function securityIndex(store: Store): Promise<SecurityIndex> {
  const version = await store.securities.version();
  const hit = cache.get(store);
  if (hit && hit.version === version) return hit.index;
  const { securities, brands } = shippedRegistry();
  const index = new SecurityIndex(mergeSecurities(securities, await store.securities.list()), brands);
  cache.set(store, { version, index });
  return index;
}
