// Shared fixtures of the content repositories' PostgreSQL tests.
import type { EventDraft, NewArticle } from "../types";
import type { PgDb } from "./connect";
import { pgSourceRepo } from "./source-repo";

export async function testSourceIn(db: PgDb, slug = "wire") {
  return pgSourceRepo(db).ensure({
    slug,
    name: slug === "wire" ? "Wire" : slug,
    homepage: `https://${slug}.test`,
    country: null,
    language: "en",
    category: "world",
    logoUrl: null,
    description: null,
  });
}

export function newArticle(sourceId: number, n: number, over: Partial<NewArticle> = {}): NewArticle {
  return {
    urlHash: `h${n}`,
    url: `https://wire.test/${n}`,
    canonicalUrl: `https://wire.test/${n}`,
    title: `Title ${n}`,
    slug: `title-${n}`,
    sourceId,
    category: "world",
    language: "en",
    publishedAt: 1_000 + n,
    discoveredAt: 2_000 + n,
    excerpt: null,
    imageUrl: null,
    ...over,
  };
}

/** The item.new draft the ingest stage builds (payload carrying the id and the article's url hash). */
export const itemNew = (a: {
  id: number;
  urlHash: string;
  title: string;
  discoveredAt: number;
}): EventDraft => ({
  ts: a.discoveredAt,
  type: "item.new",
  clusterId: 0,
  articleId: a.id,
  payload: (id) => ({ id, ts: 0, type: "item.new", data: { url_hash: a.urlHash, title: a.title } }),
});
