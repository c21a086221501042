import type { Logger } from "pino";

import { toRealtimeItem } from "../articles/serialize";
import type { ArticleEnrichment, Store } from "../db/store";
import type { Article, EventDraft } from "../db/types";
import { articleEmbeddingText } from "../embeddings/article-text";
import type { Embedder } from "../embeddings/embedder";
import { extractEntities } from "../entities/extract-entities";
import { extractRelationships } from "../entities/extract-relationships";
import { securityIndex } from "../tickers/security-registry";
import { tagArticle } from "../tickers/tag-article";
import { articleTags, headlineSummary } from "./article-tags";
import { registeredOutlets } from "./outlet-registry";

export interface EnrichmentContext {
  store: Store;
  /** Absent, articles get entities, tags and summaries but no vector (`embedding` stays null). */
  embedder?: Embedder | null;
  log?: Logger;
}

/** Articles embedded per call: the local embedder works synchronously, so long runs are cut into slices. */
const EMBED_CHUNK = 100;

/** `item.enriched` (contract §9.1): the realtime item after enrichment, with the ids of the entities it names. */
export function itemEnrichedEvent(a: Article, entityIds: number[]): EventDraft {
  return {
    ts: a.discoveredAt,
    type: "item.enriched",
    clusterId: a.storyId ?? 0,
    articleId: a.id,
    payload: (id) => ({
      type: "item.enriched",
      id,
      ts: a.discoveredAt,
      data: toRealtimeItem(a),
      entity_ids: entityIds,
    }),
  };
}

/**
 * The embeddings of articles' title and excerpt, in slices of `EMBED_CHUNK` (with a turn of the event loop between
 * them); `null` for an article whose slice failed. Without an embedder, all `null`.
 */
export async function embedArticles(
  ctx: Pick<EnrichmentContext, "embedder" | "log">,
  articles: Array<{ title: string; excerpt: string | null }>,
): Promise<Array<Float32Array | null>> {
  if (!ctx.embedder) return articles.map(() => null);
  const vectors: Array<Float32Array | null> = [];
  for (let i = 0; i < articles.length; i += EMBED_CHUNK) {
    const slice = articles.slice(i, i + EMBED_CHUNK);
    try {
      vectors.push(
        ...(await ctx.embedder.embed(slice.map((a) => articleEmbeddingText(a.title, a.excerpt ?? "")))),
      );
    } catch (err) {
      // A provider outage must not stop ingestion: these articles stay without a vector.
      ctx.log?.warn({ err, articles: slice.length }, "embedding failed; articles stored without vectors");
      vectors.push(...slice.map(() => null));
    }
    if (i + EMBED_CHUNK < articles.length) await new Promise((r) => setImmediate(r));
  }
  return vectors;
}

/**
 * The enrichment stage: for each new article, named entities (resolved to stored entities), the relations between
 * them, tags, the securities it concerns (from those entities and its text) and a headline summary, and its embedding if it was stored without one; stored with one
 * `item.enriched` per article. Runs after `item.new` and before clustering, on the title and the feed's excerpt
 * (full text arrives later, on demand). The pipeline embeds articles before storing them (so `item.new` carries
 * the vector); this stage embeds only what was stored without a vector, e.g. by a version that did not.
 */
export async function enrichArticles(
  ctx: EnrichmentContext,
  articles: Article[],
  /** Filled with each article's entities as `type:key`, for clustering (identity evidence). */
  names?: Map<number, string[]>,
): Promise<Map<number, number[]>> {
  if (articles.length === 0) return new Map();
  const missing = articles.filter((a) => a.embeddingModel === null);
  const computed = await embedArticles(ctx, missing);
  const vectorOf = new Map(missing.map((a, i) => [a.id, computed[i] ?? null]));
  const vectors = articles.map((a) => vectorOf.get(a.id) ?? null);
  const outlets = await registeredOutlets(ctx.store);
  const securities = await securityIndex(ctx.store);
  const items: ArticleEnrichment[] = articles.map((a, i) => {
    const extraction = extractEntities(
      { title: a.title, text: a.excerpt },
      { outlets, source: a.sourceName },
    );
    names?.set(
      a.id,
      extraction.entities.map((e) => e.ref),
    );
    return {
      articleId: a.id,
      // Null for an article stored with its vector: the stored one (and its model) stays.
      vector: vectors[i] ?? null,
      embeddingModel: vectors[i] ? (ctx.embedder?.model ?? null) : null,
      entities: extraction.entities,
      relationships: extractRelationships(extraction),
      tags: articleTags(a.title, extraction.entities),
      headlineSummary: headlineSummary(a.excerpt),
      tickers: tagArticle(securities, {
        title: a.title,
        excerpt: a.excerpt,
        entities: extraction.entities,
      }),
    };
  });
  return ctx.store.enrichment.apply(items, itemEnrichedEvent);
}

/** Articles enriched per transaction when catching up. */
const DUE_BATCH = 500;

/**
 * Enriches every stored article whose enrichment never committed (a crash between `item.new` and the enrichment
 * transaction), oldest first, in batches; run when the pipeline opens, before clustering places them. Returns
 * how many were enriched.
 */
export async function enrichDue(ctx: EnrichmentContext): Promise<number> {
  let done = 0;
  let lastFirst = -1;
  for (;;) {
    const batch = await ctx.store.enrichment.due(DUE_BATCH);
    // A batch that made no progress would repeat forever: give up and leave the rest due.
    if (batch.length === 0 || batch[0]!.id === lastFirst) break;
    lastFirst = batch[0]!.id;
    await enrichArticles(ctx, batch);
    done += batch.length;
    ctx.log?.info({ enriched: done }, "enriching articles left unenriched by an interrupted run");
  }
  return done;
}
