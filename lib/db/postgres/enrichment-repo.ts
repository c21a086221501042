import { sql } from "kysely";

import { foldQuery } from "../../entities/queries/list-entities";
import { idSlug } from "../../text/kebab";
import type { ArticleEnrichment, EnrichmentRepo } from "../store";
import type { PgDb } from "./connect";
import {
  lockCounters,
  parseVector,
  selectArticles,
  toArticle,
  vectorText,
  type PgContentOptions,
  type PgExecutor,
} from "./content-rows";
import { pgAppendEvent } from "./event-repo";
import { lockStories, writeStoryEntities } from "./story-read-model";

type Entity = ArticleEnrichment["entities"][number];

/** Centroids average at most this many of a story's latest members. */
const CENTROID_MEMBERS = 200;
const DIMS = 1536;

export interface PgEnrichmentOptions extends PgContentOptions {
  /** How long an article `due` hands out stays away from other workers (default 10 minutes). */
  claimMs?: number;
  now?: () => number;
}

// The same folding the entity search uses on queries, so an alias is found by what users type.
const norm = foldQuery;

/** Matches an entity to a stored one by type and key, else the same key of another type, else a unique alias. */
async function resolve(trx: PgExecutor, e: Entity): Promise<number> {
  const known = await trx
    .selectFrom("entities")
    .select("id")
    .where("type", "=", e.type)
    .where("norm_key", "=", e.key)
    .executeTakeFirst();
  if (known) return known.id;
  // One name, one entity: the same name typed otherwise by another article joins the stored one.
  const other = await trx
    .selectFrom("entities")
    .select(["id", "enriched"])
    .where("type", "in", ["person", "org", "location"])
    .where("type", "<>", e.type)
    .where("norm_key", "=", e.key)
    .orderBy("enriched", "desc")
    .orderBy("article_count", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (other) {
    // A gazetteer entry is the strongest evidence of what a name is; between two guesses the first stands.
    if (e.enriched && !other.enriched)
      await trx
        .updateTable("entities")
        .set({ type: e.type, subcategory: e.subcategory })
        .where("id", "=", other.id)
        .execute();
    return other.id;
  }
  const viaAlias = await trx
    .selectFrom("entity_aliases as a")
    .innerJoin("entities as e", "e.id", "a.entity_id")
    .select("e.id")
    .distinct()
    .where("a.norm", "=", norm(e.name))
    .where("e.type", "=", e.type)
    .limit(2)
    .execute();
  if (viaAlias.length === 1) return viaAlias[0]!.id;
  const { id } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('entities', 'id')) AS id`
    .execute(trx)
    .then((r) => r.rows[0]!);
  await trx
    .insertInto("entities")
    .values({
      id,
      name: e.name,
      type: e.type,
      subcategory: e.subcategory,
      slug: idSlug(e.name, id),
      norm_key: e.key,
      description: e.description,
      wikidata_id: e.wikidataId,
      wikipedia_url: e.wikipediaUrl,
      enriched: e.enriched,
    })
    .execute();
  return id;
}

export function pgEnrichmentRepo(db: PgDb, options: PgEnrichmentOptions = {}): EnrichmentRepo {
  const now = options.now ?? Date.now;
  const claimMs = options.claimMs ?? 10 * 60_000;
  return {
    async apply(items, event) {
      return db.transaction().execute(async (trx) => {
        // Entity resolution reads then writes: enrichments apply one at a time (the entity counter's row lock, held
        // to the commit), as under SQLite's single writer, so two never create one entity twice.
        await lockCounters(trx, ["entity_version", "article_version"]);
        const out = new Map<number, number[]>();
        const events: Array<{ articleId: number; entityIds: number[] }> = [];
        for (const it of items) {
          // Enrichment happens once per article: another process catching up may have raced this one to an
          // article, and the first to commit wins (this update re-tests enriched_at on the committed row).
          const claimed = await trx
            .updateTable("articles")
            .set((eb) => ({
              embedding_model: eb.fn.coalesce(
                sql<string | null>`${options.vectors && it.vector ? it.embeddingModel : null}::text`,
                "embedding_model",
              ),
              headline_summary: it.headlineSummary,
              enriched_at: now(),
            }))
            .where("id", "=", it.articleId)
            .where("enriched_at", "is", null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) continue;
          await trx.deleteFrom("enrichment_claims").where("article_id", "=", it.articleId).execute();
          const ids = new Map<string, number>();
          for (const e of it.entities) {
            const id = await resolve(trx, e);
            ids.set(e.ref, id);
            const knows = e.enriched || e.subcategory || e.description || e.wikidataId || e.wikipediaUrl;
            // What a later mention knows better fills in what is missing; gazetteer facts are never overwritten.
            if (knows)
              await trx
                .updateTable("entities")
                .set((eb) => ({
                  subcategory: eb.fn.coalesce("subcategory", sql<string | null>`${e.subcategory}::text`),
                  description: eb.fn.coalesce("description", sql<string | null>`${e.description}::text`),
                  wikidata_id: eb.fn.coalesce("wikidata_id", sql<string | null>`${e.wikidataId}::text`),
                  wikipedia_url: eb.fn.coalesce("wikipedia_url", sql<string | null>`${e.wikipediaUrl}::text`),
                  enriched: sql<boolean>`enriched OR ${e.enriched}`,
                }))
                .where("id", "=", id)
                .execute();
            const aliases = [...new Set([e.name, ...e.aliases])];
            // A person is later often named by surname alone: the surname resolves to them while only one
            // stored person carries it (two matches are ambiguous and resolve to neither).
            const parts = e.name.split(/\s+/);
            if (e.type === "person" && parts.length >= 2) aliases.push(parts.at(-1)!);
            for (const alias of aliases)
              await trx
                .insertInto("entity_aliases")
                .values({ entity_id: id, alias, norm: norm(alias) })
                .onConflict((oc) => oc.columns(["entity_id", "norm"]).doNothing())
                .execute();
          }
          // Two surface entities resolved to one stored entity count once, with their mentions summed.
          const counts = new Map<number, number>();
          for (const e of it.entities) {
            const id = ids.get(e.ref)!;
            counts.set(id, (counts.get(id) ?? 0) + e.count);
          }
          for (const [id, n] of counts) {
            await trx
              .insertInto("article_entities")
              .values({ article_id: it.articleId, entity_id: id, mention_count: n })
              .onConflict((oc) => oc.columns(["article_id", "entity_id"]).doUpdateSet({ mention_count: n }))
              .execute();
            await trx
              .updateTable("entities")
              .set((eb) => ({ article_count: eb("article_count", "+", 1) }))
              .where("id", "=", id)
              .execute();
          }
          for (const r of it.relationships) {
            const s = ids.get(r.source);
            const t = ids.get(r.target);
            if (s === undefined || t === undefined || s === t) continue;
            // Independent articles stating a relation raise its confidence as independent evidence does (noisy-or).
            await sql`INSERT INTO entity_relationships
                (source_entity_id, target_entity_id, relationship_type, confidence, article_count)
              VALUES (${s}, ${t}, ${r.type}, ${r.confidence}, 1)
              ON CONFLICT (source_entity_id, target_entity_id, relationship_type) DO UPDATE SET
                article_count = entity_relationships.article_count + 1,
                confidence = 1 - (1 - entity_relationships.confidence) * (1 - excluded.confidence)`.execute(
              trx,
            );
          }
          if (it.vector && options.vectors)
            await sql`INSERT INTO article_vectors (article_id, embedding)
              VALUES (${it.articleId}, ${vectorText(it.vector)}::vector)
              ON CONFLICT (article_id) DO UPDATE SET embedding = excluded.embedding`.execute(trx);
          for (const t of it.tags)
            await trx
              .insertInto("article_tags")
              .values({ article_id: it.articleId, tag: t.tag, score: t.score })
              .onConflict((oc) => oc.columns(["article_id", "tag"]).doUpdateSet({ score: t.score }))
              .execute();
          if (it.tickers?.length) {
            await trx
              .updateTable("articles")
              .set({ tickers_json: JSON.stringify(it.tickers) })
              .where("id", "=", it.articleId)
              .execute();
            for (const t of it.tickers)
              await trx
                .insertInto("article_tickers")
                .values({
                  article_id: it.articleId,
                  symbol: t.symbol,
                  confidence: t.confidence,
                  sentiment_score: t.sentiment_score,
                })
                .onConflict((oc) =>
                  oc
                    .columns(["article_id", "symbol"])
                    .doUpdateSet({ confidence: t.confidence, sentiment_score: t.sentiment_score }),
                )
                .execute();
          }
          const entityIds = [...counts.keys()];
          out.set(it.articleId, entityIds);
          events.push({ articleId: it.articleId, entityIds });
        }
        // The events last, after every other write: the event log's append lock is then held only to the commit.
        for (const e of events) {
          const row = await selectArticles(trx).where("a.id", "=", e.articleId).executeTakeFirst();
          if (row) await pgAppendEvent(trx, event(toArticle(row), e.entityIds), db);
        }
        return out;
      });
    },

    async refreshStories(storyIds) {
      if (!storyIds.length) return;
      await db.transaction().execute(async (trx) => {
        // The story repository's order: story rows (ascending ids), then the counter.
        await lockStories(trx, storyIds);
        await lockCounters(trx, ["story_version"]);
        for (const id of storyIds) {
          await trx.deleteFrom("story_entities").where("story_id", "=", id).execute();
          await sql`INSERT INTO story_entities (story_id, entity_id, mention_count, first_seen)
            SELECT a.story_id, ae.entity_id, SUM(ae.mention_count),
              MIN(CASE WHEN a.published_at > 0 THEN a.published_at ELSE a.discovered_at END)
            FROM articles a JOIN article_entities ae ON ae.article_id = a.id
            WHERE a.story_id = ${id} GROUP BY a.story_id, ae.entity_id`.execute(trx);
          await writeStoryEntities(trx, id);
          if (options.vectors) await writeCentroid(trx, id);
        }
      });
    },

    async due(limit) {
      // Claims the oldest unenriched articles nobody holds: rows another worker is claiming right now are skipped
      // (SKIP LOCKED), and a claim committed meanwhile is re-tested by the conflict update, so two workers never
      // get one article.
      const at = now();
      const claimed = await sql<{ article_id: number }>`
        WITH due AS (
          SELECT a.id FROM articles a
          WHERE a.enriched_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM enrichment_claims c WHERE c.article_id = a.id AND c.until > ${at})
          ORDER BY a.id LIMIT ${limit} FOR UPDATE OF a SKIP LOCKED)
        INSERT INTO enrichment_claims (article_id, until) SELECT id, ${at + claimMs}::bigint FROM due
        ON CONFLICT (article_id) DO UPDATE SET until = excluded.until WHERE enrichment_claims.until <= ${at}
        RETURNING article_id`.execute(db);
      const ids = claimed.rows.map((r) => r.article_id);
      if (ids.length === 0) return [];
      const rows = await selectArticles(db)
        .where("a.id", "=", sql<number>`ANY(${ids}::bigint[])`)
        .where("a.enriched_at", "is", null)
        .orderBy("a.id")
        .execute();
      return rows.map(toArticle);
    },
  };
}

/** The story's centroid: the normalised mean of its latest members' vectors (none: no story vector). */
async function writeCentroid(trx: PgExecutor, storyId: number): Promise<void> {
  const rows = await sql<{ embedding: string; model: string | null }>`
    SELECT v.embedding::text AS embedding, a.embedding_model AS model
    FROM articles a JOIN article_vectors v ON v.article_id = a.id
    WHERE a.story_id = ${storyId} ORDER BY a.discovered_at DESC, a.id DESC LIMIT ${CENTROID_MEMBERS}`.execute(
    trx,
  );
  const sum = new Float32Array(DIMS);
  for (const r of rows.rows) {
    const v = parseVector(r.embedding);
    for (let i = 0; i < DIMS; i++) sum[i]! += v[i]!;
  }
  let n = 0;
  for (let i = 0; i < DIMS; i++) n += sum[i]! * sum[i]!;
  if (rows.rows.length === 0 || n === 0) {
    await sql`DELETE FROM story_vectors WHERE story_id = ${storyId}`.execute(trx);
    return;
  }
  const k = 1 / Math.sqrt(n);
  for (let i = 0; i < DIMS; i++) sum[i]! *= k;
  await sql`INSERT INTO story_vectors (story_id, embedding) VALUES (${storyId}, ${vectorText(sum)}::vector)
    ON CONFLICT (story_id) DO UPDATE SET embedding = excluded.embedding`.execute(trx);
  await trx
    .updateTable("stories")
    .set({ embedding_model: rows.rows[0]!.model })
    .where("id", "=", storyId)
    .execute();
}
