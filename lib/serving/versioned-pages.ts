import { PreparedJson } from "./prepared-json";

/** Pages kept per cache; the least recently built goes first. */
const MAX_PAGES = 1_000;

interface Page {
  builtAt: number;
  body: PreparedJson;
}

export interface VersionedPagesOptions {
  /** Bytes of JSON kept at most; the least recently built pages go first. */
  maxBytes?: number;
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
  private bytes = 0;

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly ttlMs: number,
    private readonly opts: VersionedPagesOptions = {},
  ) {}

  /** The kept page of `key`, or the one `build` makes (a value to serialise, or a body already serialised). */
  async get(key: string, now: number, build: () => Promise<unknown>): Promise<PreparedJson> {
    // Read before building: a write after this read moves the counter, and the next request drops this page.
    const version = await this.readVersion();
    if (version !== this.version) {
      this.pages.clear();
      this.bytes = 0;
      this.version = version;
    }
    const hit = this.pages.get(key);
    if (hit && now >= hit.builtAt && now - hit.builtAt < this.ttlMs) return hit.body;
    const built = await build();
    const body = built instanceof PreparedJson ? built : PreparedJson.of(built, true);
    this.drop(key);
    const maxBytes = this.opts.maxBytes ?? Infinity;
    if (body.json.length > maxBytes) return body;
    while (this.pages.size >= MAX_PAGES || this.bytes + body.json.length > maxBytes)
      this.drop(this.pages.keys().next().value as string);
    this.pages.set(key, { builtAt: now, body });
    this.bytes += body.json.length;
    return body;
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.bytes -= page.body.json.length;
    this.pages.delete(key);
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
