// Test data for the entity, graph and vector routes: rows shaped like the ones the enrichment stage writes
// (entities with norm_key/slug/subcategory/wikidata/enriched, aliases, article mentions, relationships, story
// entities), inserted with SQL into a temporary store.
import type { SqliteStore } from "../../db/sqlite/sqlite-store";
import type { Article } from "../../db/types";
import { addArticles } from "../../search/test-fixtures";
import { testSource } from "../../testing/temp-store";
import { idSlug } from "../../text/kebab";
import { foldQuery } from "./list-entities";

/** The fields of an Entity (contract §6.5), sorted. */
export const ENTITY_FIELDS = [
  "aliases",
  "article_count",
  "description",
  "enriched",
  "id",
  "image_url",
  "name",
  "slug",
  "subcategory",
  "type",
  "wikidata_id",
  "wikipedia_url",
];

export interface FixtureEntity {
  name: string;
  type?: "person" | "org" | "location";
  subcategory?: string | null;
  aliases?: string[];
  description?: string | null;
  imageUrl?: string | null;
  wikidataId?: string | null;
  wikipediaUrl?: string | null;
  enriched?: boolean;
  /** Articles mentioning the entity; `article_count` is their number unless `articleCount` says otherwise. */
  articles?: Article[];
  articleCount?: number;
}

/** Inserts an entity with its aliases and mentions; returns its id. */
export function insertEntity(store: SqliteStore, e: FixtureEntity): number {
  const type = e.type ?? "person";
  const info = store.db
    .prepare(
      `INSERT INTO entities (name, type, subcategory, slug, norm_key, description, image_url, wikidata_id,
         wikipedia_url, article_count, enriched)
       VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      e.name,
      type,
      e.subcategory ?? null,
      foldQuery(e.name),
      e.description ?? null,
      e.imageUrl ?? null,
      e.wikidataId ?? null,
      e.wikipediaUrl ?? null,
      e.articleCount ?? e.articles?.length ?? 0,
      e.enriched ? 1 : 0,
    );
  const id = Number(info.lastInsertRowid);
  store.db.prepare("UPDATE entities SET slug = ? WHERE id = ?").run(idSlug(e.name, id), id);
  // The writer records the name among the surface forms too; the API leaves it out of `aliases`.
  const alias = store.db.prepare(
    "INSERT OR IGNORE INTO entity_aliases (entity_id, alias, norm) VALUES (?, ?, ?)",
  );
  for (const a of [e.name, ...(e.aliases ?? [])]) alias.run(id, a, foldQuery(a));
  for (const a of e.articles ?? []) mention(store, id, a);
  return id;
}

/** Records that `article` mentions the entity `count` times. */
export function mention(store: SqliteStore, entityId: number, article: Article, count = 1): void {
  store.db
    .prepare(
      "INSERT OR REPLACE INTO article_entities (article_id, entity_id, mention_count) VALUES (?, ?, ?)",
    )
    .run(article.id, entityId, count);
}

/** A relationship between two entities; returns its id. */
export function relate(
  store: SqliteStore,
  source: number,
  target: number,
  r: { type?: string; confidence: number; articleCount: number },
): number {
  const info = store.db
    .prepare(
      `INSERT INTO entity_relationships (source_entity_id, target_entity_id, relationship_type, confidence, article_count)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(source, target, r.type ?? "associated_with", r.confidence, r.articleCount);
  return Number(info.lastInsertRowid);
}

/** A story row, optionally holding articles. */
export function insertStory(
  store: SqliteStore,
  s: { id: number; headline: string; firstSeen?: number; lastUpdated?: number; articles?: Article[] },
): void {
  store.db
    .prepare(
      `INSERT INTO stories (id, slug, headline, category, article_count, first_seen, last_updated)
       VALUES (?, ?, ?, 'world', ?, ?, ?)`,
    )
    .run(
      s.id,
      idSlug(s.headline, s.id),
      s.headline,
      s.articles?.length ?? 0,
      s.firstSeen ?? 0,
      s.lastUpdated ?? s.firstSeen ?? 0,
    );
  const member = store.db.prepare("UPDATE articles SET story_id = ? WHERE id = ?");
  for (const a of s.articles ?? []) member.run(s.id, a.id);
}

/** The entity's mention count in a story. */
export function storyEntity(
  store: SqliteStore,
  storyId: number,
  entityId: number,
  mentionCount: number,
): void {
  store.db
    .prepare(
      "INSERT INTO story_entities (story_id, entity_id, mention_count, first_seen) VALUES (?, ?, ?, 0)",
    )
    .run(storyId, entityId, mentionCount);
}

/**
 * The entity list tests' cast: two politicians, a company, a city and two organisations whose names contain
 * "Biden", mentioned across four articles. Returns their ids by short name.
 */
export async function seedEntityCast(store: SqliteStore): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  const source = await testSource(store);
  const arts = await addArticles(
    store,
    source,
    [1, 2, 3, 4].map((i) => ({
      title: `Report ${i}`,
      url: `https://wire.test/${i}`,
      discoveredAt: i * 1_000,
    })),
  );
  ids.biden = insertEntity(store, {
    name: "Joe Biden",
    subcategory: "politician",
    aliases: ["Biden", "President Biden"],
    description: "46th president of the United States",
    imageUrl: "https://img.test/biden.jpg",
    wikidataId: "Q6279",
    wikipediaUrl: "https://en.wikipedia.org/wiki/Joe_Biden",
    enriched: true,
    articles: arts.slice(0, 3),
  });
  ids.macron = insertEntity(store, {
    name: "Emmanuel Macron",
    subcategory: "politician",
    articles: arts.slice(0, 2),
  });
  ids.apple = insertEntity(store, {
    name: "Apple",
    type: "org",
    subcategory: "company",
    aliases: ["Apple Inc."],
    articles: arts,
  });
  ids.saoPaulo = insertEntity(store, {
    name: "São Paulo",
    type: "location",
    subcategory: "city",
    articles: arts.slice(3),
  });
  ids.institute = insertEntity(store, { name: "Bidenomics Institute", type: "org", articleCount: 1 });
  ids.friends = insertEntity(store, { name: "Friends of Biden", type: "org", articleCount: 10 });
  return ids;
}
