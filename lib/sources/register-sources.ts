import type { Store } from "../db/store";
import type { SourceSeed } from "./opml";

/**
 * Adds sources and their feeds to the registry. A registered source keeps its profile; only fields it lacks (logo,
 * language) are filled in from the seed. Idempotent.
 */
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
      logoUrl: seed.logoUrl,
      description: seed.description,
    });
    const missing = {
      ...(source.logoUrl === null && seed.logoUrl ? { logoUrl: seed.logoUrl } : {}),
      ...(source.language === null && seed.language ? { language: seed.language } : {}),
    };
    if (Object.keys(missing).length > 0) await store.sources.updateProfile(source.id, missing);
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
    logoUrl: s.logoUrl,
    feeds: feeds
      .filter((f) => f.sourceId === s.id)
      .map((f) => ({ url: f.url, title: f.title, category: f.category })),
  }));
}
