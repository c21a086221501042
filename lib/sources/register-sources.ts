import type { Store } from "../db/store";
import type { SourceSeed } from "./opml";

/** Adds sources and their feeds to the registry; already registered ones are kept as they are. Idempotent. */
export async function registerSources(
  store: Store,
  seeds: SourceSeed[],
): Promise<{ sources: number; feeds: number }> {
  let feeds = 0;
  for (const seed of seeds) {
    const source = await store.sources.ensure({
      slug: seed.slug,
      name: seed.name,
      homepage: seed.homepage,
      country: seed.country,
      language: seed.language,
      category: seed.category,
      logoUrl: null,
      description: seed.description,
    });
    for (const f of seed.feeds) {
      await store.sources.addFeed(source.id, f.url, { title: f.title, category: f.category });
      feeds++;
    }
  }
  return { sources: seeds.length, feeds };
}

/** Reads the registry back as seeds (for OPML export). */
export async function sourceSeeds(store: Store): Promise<SourceSeed[]> {
  const [sources, feeds] = await Promise.all([store.sources.list(), store.sources.feeds()]);
  return sources.map((s) => ({
    slug: s.slug,
    name: s.name,
    homepage: s.homepage,
    country: s.country,
    language: s.language,
    category: s.category,
    description: s.description,
    feeds: feeds
      .filter((f) => f.sourceId === s.id)
      .map((f) => ({ url: f.url, title: f.title, category: f.category })),
  }));
}
