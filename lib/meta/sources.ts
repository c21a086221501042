import type { Store } from "../db/store";
import type { Source } from "../db/types";

/** Source (contract §6.8). */
export function toApiSource(s: Source & { articleCount: number }) {
  return {
    id: s.id,
    name: s.name,
    url: s.homepage,
    category: s.category,
    article_count: s.articleCount,
    slug: s.slug,
  };
}

/** GET /v1/sources: every registered source, by name (case-insensitive), ties by id descending (contract §7.6). */
export async function listSources(store: Store) {
  const sources = await store.sources.list();
  return sources.map(toApiSource).sort((a, b) => compareNames(a.name, b.name) || b.id - a.id);
}

function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
