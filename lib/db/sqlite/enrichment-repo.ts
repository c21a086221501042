import { foldQuery } from "../../entities/queries/list-entities";
import { idSlug } from "../../text/kebab";
import type { Db } from "../open-db";
import type { ArticleEnrichment, EnrichmentRepo } from "../store";
import type { Article, EventDraft } from "../types";
import { ARTICLE_SELECT, toArticle } from "./article-repo";
import { appendEvent } from "./event-repo";
import { storyListingWriters } from "./story-read-model";
import { vectorsCommitted, vectorWrites } from "./vector-writes";

type Entity = ArticleEnrichment["entities"][number];

/** Centroids average at most this many of a story's latest members. */
const CENTROID_MEMBERS = 200;
const DIMS = 1536;

export function sqliteEnrichmentRepo(db: Db): EnrichmentRepo {
  const byKey = db.prepare("SELECT id FROM entities WHERE type = ? AND norm_key = ?").pluck();
  // One name, one entity: the same name typed otherwise by another article joins the stored one (the IN list
  // lets the UNIQUE(type, norm_key) index answer).
  const byKeyOtherType = db.prepare(
    `SELECT id, enriched FROM entities WHERE type IN ('person', 'org', 'location') AND type <> ? AND norm_key = ?
     ORDER BY enriched DESC, article_count DESC, id LIMIT 1`,
  );
  const retype = db.prepare("UPDATE entities SET type = ?, subcategory = ? WHERE id = ?");
  const byAlias = db
    .prepare(
      "SELECT DISTINCT e.id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? AND e.type = ? LIMIT 2",
    )
    .pluck();
  const insertEntity = db.prepare(
    `INSERT INTO entities (name, type, subcategory, slug, norm_key, description, wikidata_id, wikipedia_url, enriched)
     VALUES (@name, @type, @subcategory, '', @key, @description, @wikidataId, @wikipediaUrl, @enriched)`,
  );
  const setSlug = db.prepare("UPDATE entities SET slug = ? WHERE id = ?");
  // What a later mention knows better fills in what is missing; gazetteer facts are never overwritten.
  const improve = db.prepare(
    `UPDATE entities SET subcategory = COALESCE(subcategory, @subcategory),
       description = COALESCE(description, @description), wikidata_id = COALESCE(wikidata_id, @wikidataId),
       wikipedia_url = COALESCE(wikipedia_url, @wikipediaUrl), enriched = MAX(enriched, @enriched)
     WHERE id = @id`,
  );
  const addAlias = db.prepare(
    "INSERT OR IGNORE INTO entity_aliases (entity_id, alias, norm) VALUES (?, ?, ?)",
  );
  const mention = db.prepare(
    `INSERT INTO article_entities (article_id, entity_id, mention_count) VALUES (?, ?, ?)
     ON CONFLICT(article_id, entity_id) DO UPDATE SET mention_count = excluded.mention_count`,
  );
  const countArticle = db.prepare("UPDATE entities SET article_count = article_count + 1 WHERE id = ?");
  // Independent articles stating a relation raise its confidence as independent evidence does (noisy-or).
  const relate = db.prepare(
    `INSERT INTO entity_relationships (source_entity_id, target_entity_id, relationship_type, confidence, article_count)
     VALUES (?, ?, ?, ?, 1)
     ON CONFLICT(source_entity_id, target_entity_id, relationship_type) DO UPDATE SET
       article_count = article_count + 1,
       confidence = 1 - (1 - confidence) * (1 - excluded.confidence)`,
  );
  const vectors = vectorWrites(db);
  // Claims the article: an article already enriched (by another process catching up) is left as it is.
  const setArticle = db.prepare(
    "UPDATE articles SET embedding_model = COALESCE(?, embedding_model), headline_summary = ?, enriched_at = ? WHERE id = ? AND enriched_at IS NULL",
  );
  const tag = db.prepare(
    "INSERT INTO article_tags (article_id, tag, score) VALUES (?, ?, ?) ON CONFLICT(article_id, tag) DO UPDATE SET score = excluded.score",
  );
  const setTickers = db.prepare("UPDATE articles SET tickers_json = ? WHERE id = ?");
  const putTicker = db.prepare(
    `INSERT INTO article_tickers (article_id, symbol, confidence, sentiment_score) VALUES (?, ?, ?, ?)
     ON CONFLICT(article_id, symbol) DO UPDATE SET confidence = excluded.confidence,
       sentiment_score = excluded.sentiment_score`,
  );
  const dueRows = db.prepare(`${ARTICLE_SELECT} WHERE a.enriched_at IS NULL ORDER BY a.id LIMIT ?`);
  const articleRow = db.prepare(`${ARTICLE_SELECT} WHERE a.id = ?`);

  // The same folding the entity search uses on queries, so an alias is found by what users type.
  const norm = foldQuery;

  const resolve = (e: Entity): number => {
    const known = byKey.get(e.type, e.key) as number | undefined;
    if (known !== undefined) return known;
    const other = byKeyOtherType.get(e.type, e.key) as { id: number; enriched: number } | undefined;
    if (other) {
      // A gazetteer entry is the strongest evidence of what a name is; between two guesses the first stands.
      if (e.enriched && !other.enriched) retype.run(e.type, e.subcategory, other.id);
      return other.id;
    }
    const viaAlias = byAlias.all(norm(e.name), e.type) as number[];
    if (viaAlias.length === 1) return viaAlias[0]!;
    const id = Number(
      insertEntity.run({
        name: e.name,
        type: e.type,
        subcategory: e.subcategory,
        key: e.key,
        description: e.description,
        wikidataId: e.wikidataId,
        wikipediaUrl: e.wikipediaUrl,
        enriched: e.enriched ? 1 : 0,
      }).lastInsertRowid,
    );
    setSlug.run(idSlug(e.name, id), id);
    return id;
  };

  const applyTx = db.transaction(
    (items: ArticleEnrichment[], event: (a: Article, entityIds: number[]) => EventDraft) => {
      const out = new Map<number, number[]>();
      for (const it of items) {
        // Enrichment happens once per article: another process catching up after a crash may have raced this
        // one to an article still in flight here, and the first to commit wins.
        const claimed = setArticle.run(
          it.vector ? it.embeddingModel : null,
          it.headlineSummary,
          Date.now(),
          it.articleId,
        );
        if (claimed.changes === 0) continue;
        const ids = new Map<string, number>();
        for (const e of it.entities) {
          const id = resolve(e);
          ids.set(e.ref, id);
          const knows = e.enriched || e.subcategory || e.description || e.wikidataId || e.wikipediaUrl;
          if (knows)
            improve.run({
              id,
              subcategory: e.subcategory,
              description: e.description,
              wikidataId: e.wikidataId,
              wikipediaUrl: e.wikipediaUrl,
              enriched: e.enriched ? 1 : 0,
            });
          for (const alias of new Set([e.name, ...e.aliases])) addAlias.run(id, alias, norm(alias));
          // A person is later often named by surname alone: the surname resolves to them while only one
          // stored person carries it (two matches are ambiguous and resolve to neither).
          const parts = e.name.split(/\s+/);
          if (e.type === "person" && parts.length >= 2) addAlias.run(id, parts.at(-1)!, norm(parts.at(-1)!));
        }
        // Two surface entities resolved to one stored entity count once, with their mentions summed.
        const counts = new Map<number, number>();
        for (const e of it.entities) {
          const id = ids.get(e.ref)!;
          counts.set(id, (counts.get(id) ?? 0) + e.count);
        }
        for (const [id, n] of counts) {
          const fresh = mention.run(it.articleId, id, n);
          if (fresh.changes > 0) countArticle.run(id);
        }
        for (const r of it.relationships) {
          const s = ids.get(r.source);
          const t = ids.get(r.target);
          if (s === undefined || t === undefined || s === t) continue;
          relate.run(s, t, r.type, r.confidence);
        }
        if (it.vector) vectors.put("article", it.articleId, it.vector);
        for (const t of it.tags) tag.run(it.articleId, t.tag, t.score);
        if (it.tickers?.length) {
          setTickers.run(JSON.stringify(it.tickers), it.articleId);
          for (const t of it.tickers) putTicker.run(it.articleId, t.symbol, t.confidence, t.sentiment_score);
        }
        const entityIds = [...counts.keys()];
        out.set(it.articleId, entityIds);
        const row = articleRow.get(it.articleId) as Parameters<typeof toArticle>[0] | undefined;
        if (row) appendEvent(db, event(toArticle(row), entityIds));
      }
      return out;
    },
  );

  const clearStoryEntities = db.prepare("DELETE FROM story_entities WHERE story_id = ?");
  const listing = storyListingWriters(db);
  const fillStoryEntities = db.prepare(
    `INSERT INTO story_entities (story_id, entity_id, mention_count, first_seen)
     SELECT a.story_id, ae.entity_id, SUM(ae.mention_count),
       MIN(CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END)
     FROM articles a JOIN article_entities ae ON ae.article_id = a.id
     WHERE a.story_id = ? GROUP BY ae.entity_id`,
  );
  const memberVectors = db.prepare(
    `SELECT v.embedding, a.embedding_model AS model FROM articles a JOIN article_vectors v ON v.rowid = a.id
     WHERE a.story_id = ? ORDER BY a.discovered_at DESC, a.id DESC LIMIT ${CENTROID_MEMBERS}`,
  );
  const setStoryModel = db.prepare("UPDATE stories SET embedding_model = ? WHERE id = ?");
  const refreshTx = db.transaction((ids: number[]) => {
    for (const id of ids) {
      clearStoryEntities.run(id);
      fillStoryEntities.run(id);
      listing.entities(id);
      const rows = memberVectors.all(id) as Array<{ embedding: Buffer; model: string | null }>;
      if (rows.length === 0) {
        vectors.drop("story", id);
        continue;
      }
      const sum = new Float32Array(DIMS);
      for (const r of rows) {
        const v = new Float32Array(r.embedding.buffer, r.embedding.byteOffset, DIMS);
        for (let i = 0; i < DIMS; i++) sum[i]! += v[i]!;
      }
      let n = 0;
      for (let i = 0; i < DIMS; i++) n += sum[i]! * sum[i]!;
      if (n === 0) {
        vectors.drop("story", id);
        continue;
      }
      const k = 1 / Math.sqrt(n);
      for (let i = 0; i < DIMS; i++) sum[i]! *= k;
      vectors.put("story", id, sum);
      setStoryModel.run(rows[0]!.model, id);
    }
  });

  return {
    async apply(items, event) {
      const out = applyTx.immediate(items, event);
      vectorsCommitted(db);
      return out;
    },
    async refreshStories(ids) {
      if (!ids.length) return;
      refreshTx.immediate(ids);
      vectorsCommitted(db);
    },
    async due(limit) {
      return (dueRows.all(limit) as Array<Parameters<typeof toArticle>[0]>).map(toArticle);
    },
  };
}
