import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { createSqliteStore, type SqliteStore } from "../db/sqlite/sqlite-store";
import type { Store } from "../db/store";
import type { Source } from "../db/types";

/** A real store in a fresh temporary data directory, removed by `cleanup`. */
export function tempStore(): SqliteStore & { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-test-"));
  const store = createSqliteStore(dir);
  return {
    ...store,
    dir,
    cleanup() {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Two connections to one temporary data directory, as two processes would have; `cleanup` closes both and removes
 * the directory.
 */
export function twoTempStores(): { stores: [SqliteStore & { dir: string }, SqliteStore]; cleanup(): void } {
  const first = tempStore();
  const second = createSqliteStore(first.dir);
  return {
    stores: [first, second],
    cleanup() {
      second.close();
      first.cleanup();
    },
  };
}

export function tempDir(prefix = "lede-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Registers a plain test source (slug and name given) in a store. */
export function testSource(store: Store, slug = "wire", name = "Wire", category = "world"): Promise<Source> {
  return store.sources.ensure({
    slug,
    name,
    homepage: `https://${slug}.test/`,
    country: null,
    language: "en",
    category,
    logoUrl: null,
    description: null,
  });
}
