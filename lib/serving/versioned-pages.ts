import { PreparedJson } from "./prepared-json";

/** Pages kept per cache; the least recently built goes first. */
const MAX_PAGES = 1_000;

interface Page {
  builtAt: number;
  body: PreparedJson;
}

/**
 * Serialised response bodies kept until a version counter moves (a counter the database moves on every write to
 * the rows the pages are built from, in any process: migrations 008 and 022), and at most `ttlMs` in any case (for
 * what the counter does not cover: time passing, other tables). A page is never served after the write that
 * changed it has committed.
 */
export class VersionedPages {
  private version = -1;
  private readonly pages = new Map<string, Page>();

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly ttlMs: number,
  ) {}

  async get(key: string, now: number, build: () => Promise<unknown>): Promise<PreparedJson> {
    // Read before building: a write after this read moves the counter, and the next request drops this page.
    const version = await this.readVersion();
    if (version !== this.version) {
      this.pages.clear();
      this.version = version;
    }
    const hit = this.pages.get(key);
    if (hit && now >= hit.builtAt && now - hit.builtAt < this.ttlMs) return hit.body;
    const body = PreparedJson.of(await build(), true);
    this.pages.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, { builtAt: now, body });
    return body;
  }
}

/** One cache per store and kind, made on first use. */
export function pagesOf<S extends object>(
  caches: WeakMap<S, VersionedPages>,
  store: S,
  make: () => VersionedPages,
): VersionedPages {
  let pages = caches.get(store);
  if (!pages) caches.set(store, (pages = make()));
  return pages;
}
