import type { Store } from "../db/store";
import type { Article, NewArticle, Source } from "../db/types";
import { embedArticles, enrichArticles, type EnrichmentContext } from "../enrichment/enrich-articles";
import type { StoryClustering } from "../stories/story-clustering";
import { ingestArticles } from "./ingest-articles";
import { InvalidArticleError, normalizeArticle, type RawArticle } from "./normalize-article";

export interface PipelineInput {
  raw: RawArticle;
  source: Source;
  baseUrl?: string;
  discoveredAt: number;
}

export interface PipelineResult {
  inserted: Article[];
  existing: Article[];
  invalid: Array<{ input: PipelineInput; reason: string }>;
}

export interface PipelineContext {
  store: Store;
  onAppended?: () => void;
  /** The clustering stage; absent, articles are stored and announced but not yet placed in stories. */
  clustering?: StoryClustering;
  /** Told of every newly stored article once it is placed (e.g. to fetch its page in the background). */
  onInserted?: (articles: Article[]) => void;
  /** The enrichment stage; defaults to the one the clustering stage was opened with. */
  enrichment?: Omit<EnrichmentContext, "store">;
}

/**
 * The one path every article takes, fetched or imported: normalise → embed → store with the vector (deduplicated
 * by canonical URL) → `item.new` in the event log, in the same transaction → enrichment (entities, relations,
 * tags; `item.enriched`) → clustering into stories (`cluster.event`s, then story dynamics). A crash after storing
 * is healed when clustering next opens: it first enriches every stored article whose enrichment never committed,
 * then places every article no story holds.
 */
export async function runPipeline(ctx: PipelineContext, inputs: PipelineInput[]): Promise<PipelineResult> {
  const ready: NewArticle[] = [];
  const invalid: PipelineResult["invalid"] = [];
  for (const input of inputs) {
    try {
      ready.push(normalizeArticle(input.raw, input));
    } catch (e) {
      if (!(e instanceof InvalidArticleError)) throw e;
      invalid.push({ input, reason: e.message });
    }
  }
  const enrichment = ctx.enrichment ?? ctx.clustering?.enrichment;
  const embedded = enrichment?.embedder ? await withEmbeddings(ctx.store, enrichment, ready) : ready;
  const { inserted, existing } = await ingestArticles(ctx, embedded);
  const names = new Map<number, string[]>();
  if (enrichment && inserted.length > 0) {
    // The vectors were computed above (an article whose embedding failed stays without one, as before).
    await enrichArticles({ ...enrichment, store: ctx.store, embedder: null }, inserted, names);
    ctx.onAppended?.();
  }
  if (ctx.clustering && inserted.length > 0) {
    await ctx.clustering.process(
      inserted.map((a) => ({
        id: a.id,
        title: a.title,
        url: a.url,
        excerpt: a.excerpt,
        category: a.category,
        time: a.publishedAt || a.discoveredAt,
        names: names.get(a.id) ?? null,
      })),
    );
    ctx.onAppended?.();
  }
  if (inserted.length > 0) ctx.onInserted?.(inserted);
  return { inserted, existing, invalid };
}

/**
 * The articles with their embeddings (contract §6.12, §8.4: `item.new` carries the article's vector, so it is
 * computed before the article is stored). Articles already stored (by canonical URL) are not embedded again.
 */
async function withEmbeddings(
  store: Store,
  enrichment: Omit<EnrichmentContext, "store">,
  articles: NewArticle[],
): Promise<NewArticle[]> {
  const fresh: NewArticle[] = [];
  for (const a of articles) if (!(await store.articles.getByHash(a.urlHash))) fresh.push(a);
  if (fresh.length === 0) return articles;
  const vectors = await embedArticles(enrichment, fresh);
  const model = enrichment.embedder?.model ?? null;
  const byArticle = new Map(fresh.map((a, i) => [a, vectors[i] ?? null]));
  return articles.map((a) => {
    const vector = byArticle.get(a);
    return vector ? { ...a, embedding: { vector, model } } : a;
  });
}
