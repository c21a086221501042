import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { Store } from "../db/store";
import { finishSeeds, readSeeds, type DraftSeed, type SourceSeed } from "./opml";
import { registerSources } from "./register-sources";

const FEEDS_DIR = fileURLToPath(new URL("./default-feeds/", import.meta.url));

/** The shipped registry: real publishers' feeds, one OPML file per country plus topic lists. */
export function loadDefaultSeeds(dir = FEEDS_DIR): SourceSeed[] {
  const merged = new Map<string, DraftSeed>();
  const files = [
    ...fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".opml"))
      .sort()
      .map((f) => ({ file: path.join(dir, f), country: f.slice(0, -5) })),
    ...fs
      .readdirSync(path.join(dir, "topics"))
      .filter((f) => f.endsWith(".opml"))
      .sort()
      .map((f) => ({ file: path.join(dir, "topics", f), country: null })),
  ];
  for (const { file, country } of files) {
    for (const seed of readSeeds(fs.readFileSync(file, "utf8"), { country })) {
      const prev = merged.get(seed.key);
      if (!prev) {
        merged.set(seed.key, seed);
        continue;
      }
      prev.texts.push(...seed.texts);
      for (const f of seed.feeds) if (!prev.feeds.some((p) => p.url === f.url)) prev.feeds.push(f);
    }
  }
  return finishSeeds([...merged.values()]);
}

export async function seedDefaultSources(store: Store): Promise<{ sources: number; feeds: number }> {
  return registerSources(store, loadDefaultSeeds());
}
