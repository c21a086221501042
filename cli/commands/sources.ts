import fs from "node:fs";

import { loadEnv } from "../../lib/env";
import { fetchOptionsFromEnv } from "../../lib/net";
import { refusedFeeds, RefusedFeedsError } from "../../lib/sources/feed-targets";
import { parseOpmlSources, toOpml } from "../../lib/sources/opml";
import { registerSources, sourceSeeds } from "../../lib/sources/register-sources";
import { withStore } from "../store";

/**
 * Registers an OPML file's feeds. A list with a feed on a private, loopback or link-local address (an IP literal in
 * any spelling, or a name resolving there) is refused whole, each such feed named, unless LEDE_FETCH_ALLOW_PRIVATE
 * allows it.
 */
export async function sourcesImportCommand(file: string): Promise<void> {
  const seeds = parseOpmlSources(fs.readFileSync(file, "utf8"));
  const { allow } = fetchOptionsFromEnv(loadEnv());
  const refused = await refusedFeeds(seeds, { allow });
  if (refused.length > 0) throw new RefusedFeedsError(refused);
  const n = await withStore((store) => registerSources(store, seeds, { allow }));
  console.log(`registered ${n.sources} sources with ${n.feeds} feeds from ${file}`);
}

export async function sourcesListCommand(opts: { json?: boolean }): Promise<void> {
  await withStore(async (store) => {
    const [sources, feeds] = await Promise.all([store.sources.list(), store.sources.feeds()]);
    for (const s of sources) {
      const own = feeds.filter((f) => f.sourceId === s.id);
      const failing = own.filter((f) => f.consecutiveFailures > 0).length;
      const lastOk = Math.max(0, ...own.map((f) => f.lastSuccessAt ?? 0));
      if (opts.json) {
        console.log(
          JSON.stringify({
            id: s.id,
            slug: s.slug,
            name: s.name,
            category: s.category,
            country: s.country,
            feeds: own.length,
            failing_feeds: failing,
            article_count: s.articleCount,
            last_success_at: lastOk || null,
          }),
        );
      } else {
        const health = failing ? `${failing}/${own.length} feeds failing` : `${own.length} feeds ok`;
        console.log(
          `${String(s.id).padStart(5)}  ${s.slug.padEnd(32)} ${s.category.padEnd(13)} ${String(s.articleCount).padStart(7)} articles  ${health}`,
        );
      }
    }
  });
}

export async function sourcesExportCommand(opts: { out?: string }): Promise<void> {
  const xml = toOpml(await withStore((store) => sourceSeeds(store)));
  if (opts.out) fs.writeFileSync(opts.out, xml);
  else process.stdout.write(xml);
}
