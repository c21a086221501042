// Test data for the search, related, taxonomy and stats routes: real rows in a temporary store. Entities, tags and
// extracted text have no writer yet, so they are inserted with SQL shaped like the schema.
import { expect } from "vitest";

import type { SqliteStore } from "../db/sqlite/sqlite-store";
import type { Store } from "../db/store";
import type { Article, Source } from "../db/types";
import { itemEnrichedEvent } from "../enrichment/enrich-articles";
import { canonicalizeUrl, urlHash } from "../ingestion/canonical-url";
import { ingestArticles } from "../ingestion/ingest-articles";
import { generateKey, generateKeyId, hashKey, keyPrefix } from "../keys/key-format";
import { ensureDemoKey } from "../keys/verify-key";
import { get } from "../testing/api-deps";
import { articleSlug, idSlug } from "../text/kebab";

export interface FixtureArticle {
  title: string;
  url: string;
  discoveredAt: number;
  publishedAt?: number;
  excerpt?: string | null;
  /** Extracted text, indexed for search like the content stage indexes it. */
  body?: string;
  category?: string;
  imageUrl?: string | null;
}

/** Stores articles as given (no HTML clean-up, so titles may hold markup) through the real ingest path. */
export async function addArticles(
  store: SqliteStore,
  source: Source,
  items: FixtureArticle[],
): Promise<Article[]> {
  const result = await ingestArticles(
    { store },
    items.map((i) => {
      const canonicalUrl = canonicalizeUrl(i.url);
      const hash = urlHash(canonicalUrl);
      return {
        urlHash: hash,
        url: i.url,
        canonicalUrl,
        title: i.title,
        slug: articleSlug(i.title, hash),
        sourceId: source.id,
        category: i.category ?? source.category,
        language: "en",
        publishedAt: i.publishedAt ?? i.discoveredAt,
        discoveredAt: i.discoveredAt,
        excerpt: i.excerpt ?? null,
        imageUrl: i.imageUrl ?? null,
      };
    }),
  );
  const setBody = store.db.prepare("UPDATE articles_fts SET body = ? WHERE rowid = ?");
  items.forEach((i, n) => {
    const a = result.inserted[n];
    if (i.body && a) setBody.run(i.body, a.id);
  });
  return result.inserted;
}

/** Puts articles into one story (created if missing). */
export function putInStory(store: SqliteStore, storyId: number, headline: string, articles: Article[]): void {
  store.db
    .prepare(
      `INSERT OR IGNORE INTO stories (id, slug, headline, category, article_count, first_seen, last_updated)
       VALUES (?, ?, ?, 'world', ?, 0, 0)`,
    )
    .run(storyId, idSlug(headline, storyId), headline, articles.length);
  const set = store.db.prepare("UPDATE articles SET story_id = ? WHERE id = ?");
  for (const a of articles) set.run(storyId, a.id);
}

export function markDuplicate(store: SqliteStore, copy: Article, original: Article): void {
  store.db.prepare("UPDATE articles SET duplicate_of = ? WHERE id = ?").run(original.id, copy.id);
}

export function addEntity(
  store: SqliteStore,
  e: { name: string; type?: "person" | "org" | "location"; aliases?: string[]; articles?: Article[] },
): number {
  const info = store.db
    .prepare(
      "INSERT INTO entities (name, type, slug, norm_key, article_count) VALUES (?, ?, 'pending', ?, ?)",
    )
    .run(e.name, e.type ?? "person", e.name.toLowerCase(), e.articles?.length ?? 0);
  const id = Number(info.lastInsertRowid);
  store.db.prepare("UPDATE entities SET slug = ? WHERE id = ?").run(idSlug(e.name, id), id);
  for (const alias of e.aliases ?? [])
    store.db
      .prepare("INSERT INTO entity_aliases (entity_id, alias, norm) VALUES (?, ?, ?)")
      .run(id, alias, alias.toLowerCase());
  for (const a of e.articles ?? [])
    store.db.prepare("INSERT INTO article_entities (article_id, entity_id) VALUES (?, ?)").run(a.id, id);
  return id;
}

/** Tags an article, and logs the `item.enriched` event the enrichment stage writes with its tags. */
export function addTags(store: SqliteStore, article: Article, tags: string[]): void {
  const insert = store.db.prepare("INSERT INTO article_tags (article_id, tag, score) VALUES (?, ?, 0.5)");
  for (const tag of tags) insert.run(article.id, tag);
  void store.events.append(itemEnrichedEvent(article, []));
}

/** A live key whose scopes lack `read` (keys issued through createKey always hold it). */
export async function keyWithScopes(store: Store, scopes: string[]): Promise<string> {
  const { account } = await store.accounts.createWithUser({
    email: `scopes-${Math.random()}@example.test`,
    plan: "starter",
  });
  const key = generateKey("live");
  await store.keys.insert({
    id: generateKeyId(),
    accountId: account.id,
    name: "narrow",
    keyHash: hashKey(key),
    prefix: keyPrefix(key),
    scopes,
    createdAt: 0,
    expiresAt: null,
  });
  return key;
}

type Handler = (req: Request) => Promise<Response>;

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/**
 * The key policy every metered route shares (contract §3, §4.2, §5): 401 without a key and with an unknown key,
 * 403 without the read scope, 429 past the demo key's 5 requests a minute; none of them charged.
 */
export async function expectKeyPolicy(store: SqliteStore, handler: Handler, path: string): Promise<void> {
  const missing = await handler(get(path));
  expect(missing.status).toBe(401);
  expect(await errorCode(missing)).toBe("missing_api_key");

  const unknown = await handler(get(path, `lede_live_${"0".repeat(64)}`));
  expect(unknown.status).toBe(401);
  expect(await errorCode(unknown)).toBe("invalid_api_key");

  const narrow = await handler(get(path, await keyWithScopes(store, ["ws:connect"])));
  expect(narrow.status).toBe(403);
  expect(await errorCode(narrow)).toBe("insufficient_scope");
  expect(narrow.headers.get("X-Credits-Cost")).toBe("0");

  const demo = `lede_test_${"d".repeat(64)}`;
  await ensureDemoKey(store, demo);
  for (let i = 0; i < 5; i++) {
    const ok = await handler(get(path, demo));
    expect(ok.status).toBeLessThan(500);
    expect(ok.headers.get("X-Credits-Cost")).toBe("0");
  }
  const limited = await handler(get(path, demo));
  expect(limited.status).toBe(429);
  expect(await errorCode(limited)).toBe("rate_limited");
  expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
}
