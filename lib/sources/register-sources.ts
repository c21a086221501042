import type { Store } from "../db/store";
import type { AllowRule } from "../net";
import { cleanLine, stripInvisible } from "../text/invisible";
import { RefusedFeedsError, refusedLiteralFeeds } from "./feed-targets";
import type { SourceSeed } from "./opml";

/**
 * Adds sources and their feeds to the registry. A registered source keeps its profile; only fields it lacks (logo,
 * language) are filled in from the seed. Idempotent.
 *
 * Every way of adding feeds comes through here, so here a list is refused as a whole (RefusedFeedsError, nothing
 * registered) when a feed is not http(s) or its host is a non-public IP literal the allowlist does not name; host
 * names are checked when fetched (and by `refusedFeeds` beforehand, where a command can wait for DNS). Names,
 * titles and descriptions lose bidi controls and zero-width characters.
 */
export async function registerSources(
  store: Store,
  seeds: SourceSeed[],
  policy: { allow?: readonly AllowRule[] } = {},
): Promise<{ sources: number; feeds: number }> {
  const refused = refusedLiteralFeeds(seeds, policy.allow);
  if (refused.length > 0) throw new RefusedFeedsError(refused);
  let feeds = 0;
  for (const seed of seeds) {
    const source = await store.sources.ensure({
      slug: seed.slug,
      name: cleanLine(seed.name) || seed.slug,
      homepage: seed.homepage,
      country: seed.country === null ? null : cleanLine(seed.country) || null,
      language: seed.language,
      category: seed.category,
      logoUrl: seed.logoUrl,
      description: seed.description === null ? null : stripInvisible(seed.description).trim() || null,
    });
    const missing = {
      ...(source.logoUrl === null && seed.logoUrl ? { logoUrl: seed.logoUrl } : {}),
      ...(source.language === null && seed.language ? { language: seed.language } : {}),
    };
    if (Object.keys(missing).length > 0) await store.sources.updateProfile(source.id, missing);
    for (const f of seed.feeds) {
      const title = f.title === null ? null : cleanLine(f.title) || null;
      await store.sources.addFeed(source.id, f.url, { title, category: f.category });
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
