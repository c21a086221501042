import type { Store } from "../db/store";
import { PreparedJson } from "./prepared-json";

/** How long a kept body may be served while its version has not moved: windows such as "the last 24 h" move too. */
export const BODY_TTL_MS = 30_000;
const MAX_ENTRIES = 500;

interface Entry {
  version: string;
  builtAt: number;
  body: PreparedJson;
}

/**
 * Aggregates computed on request (categories, tags, trending entities, topic clusters, …), kept serialised until
 * the data they derive from moves (`version`, e.g. the event log's head: every article, enrichment and story write
 * appends an event) or BODY_TTL_MS pass. Concurrent requests for a body being built share the one build.
 */
export class BodyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<PreparedJson>>();

  constructor(private readonly ttlMs = BODY_TTL_MS) {}

  async get(key: string, version: string, now: number, build: () => Promise<unknown>): Promise<PreparedJson> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now >= hit.builtAt && now - hit.builtAt < this.ttlMs)
      return hit.body;
    const flight = `${key}\u0000${version}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = build()
        .then((value) => {
          const body = PreparedJson.of(value, true);
          this.entries.delete(key);
          if (this.entries.size >= MAX_ENTRIES)
            this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(key, { version, builtAt: now, body });
          return body;
        })
        .finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    return pending;
  }
}

const byStore = new WeakMap<Store, BodyCache>();

/**
 * A body derived from the stored news (articles, enrichment, stories), kept per store until the event log's head
 * moves or BODY_TTL_MS pass. `key` names the operation and its input.
 */
export async function derivedBody(
  store: Store,
  key: string,
  now: number,
  build: () => Promise<unknown>,
): Promise<PreparedJson> {
  let cache = byStore.get(store);
  if (!cache) byStore.set(store, (cache = new BodyCache()));
  return cache.get(key, String(await store.events.lastId()), now, build);
}
