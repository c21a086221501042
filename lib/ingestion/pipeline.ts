import type { Store } from "../db/store";
import type { Article, NewArticle, Source } from "../db/types";
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
}

/**
 * The one path every article takes, fetched or imported: normalise → store (deduplicated by canonical URL) →
 * `item.new` in the event log. Later stages (enrichment, clustering) hang off the stored articles.
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
  const { inserted, existing } = await ingestArticles(ctx, ready);
  return { inserted, existing, invalid };
}
