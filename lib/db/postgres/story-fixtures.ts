// Rows the story group's tests need from the content tables, inserted directly (the content repositories are
// written apart).
import type { PgDb } from "./connect";

let n = 0;

export async function insertSource(db: PgDb, slug: string, name: string): Promise<number> {
  const r = await db
    .insertInto("sources")
    .values({ slug, name, created_at: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export interface ArticleFixture {
  sourceId: number;
  title: string;
  discoveredAt: number;
  publishedAt?: number;
  imageUrl?: string | null;
  storyId?: number | null;
  category?: string;
  excerpt?: string | null;
  enrichedAt?: number | null;
}

export async function insertArticle(db: PgDb, a: ArticleFixture): Promise<number> {
  const k = ++n;
  const url = `https://test.example/${k}-${a.discoveredAt}`;
  const r = await db
    .insertInto("articles")
    .values({
      url_hash: `h${k}-${Math.random().toString(36).slice(2)}`,
      url,
      canonical_url: url,
      title: a.title,
      slug: `a-${k}`,
      source_id: a.sourceId,
      category: a.category ?? "world",
      published_at: a.publishedAt ?? 0,
      discovered_at: a.discoveredAt,
      excerpt: a.excerpt ?? null,
      image_url: a.imageUrl ?? null,
      story_id: a.storyId ?? null,
      enriched_at: a.enrichedAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function insertEntity(
  db: PgDb,
  e: { name: string; type: "person" | "org" | "location"; key?: string },
): Promise<number> {
  const key = e.key ?? e.name.toLowerCase();
  const r = await db
    .insertInto("entities")
    .values({ name: e.name, type: e.type, slug: key, norm_key: key })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}
