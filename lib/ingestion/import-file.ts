import fs from "node:fs";
import readline from "node:readline";
import { createGunzip } from "node:zlib";

import { z } from "zod";

import { toCategory } from "../categories";
import type { Store } from "../db/store";
import type { Source } from "../db/types";
import { finishClustering } from "../stories/finish-clustering";
import type { StoryClustering } from "../stories/story-clustering";
import { kebab } from "../text/kebab";
import { ImportRegistration } from "./import-registry";
import { parsePublished } from "./normalize-article";
import { runPipeline, type PipelineInput } from "./pipeline";

/** One line of an import file (JSON Lines). */
export const ImportRecord = z.object({
  id: z.union([z.string().min(1), z.number().int()]).optional(),
  url: z.string().min(1).optional(),
  title: z.string().min(1),
  text: z.string().optional(),
  published_at: z.union([z.number(), z.string().min(1)]),
  source: z.string().optional(),
  hostname: z.string().optional(),
  category: z.string().optional(),
  language: z.string().optional(),
});
export type ImportRecord = z.infer<typeof ImportRecord>;

export interface ImportProgress {
  processed: number;
  total: number;
  inserted: number;
  elapsedMs: number;
}

export interface ImportSummary {
  lines: number;
  records: number;
  inserted: number;
  /** Records whose canonical URL another record (or an earlier run) already stored. */
  duplicates: number;
  /** Records an earlier import already loaded (same id). */
  alreadyImported: number;
  malformed: Array<{ line: number; reason: string }>;
  elapsedMs: number;
}

export interface ImportOptions {
  clustering?: StoryClustering;
  batchSize?: number;
  onProgress?: (p: ImportProgress) => void;
  onAppended?: () => void;
  /** Called while the import waits for another process to place its articles in stories (`finishClustering`). */
  onWaiting?: (waitedMs: number) => void;
}

/** Reads a .jsonl or .jsonl.gz file: valid records sorted by article time, and the lines that failed. */
export async function readImportFile(file: string) {
  const gz = file.endsWith(".gz") || (await isGzip(file));
  const input = gz ? fs.createReadStream(file).pipe(createGunzip()) : fs.createReadStream(file);
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  const records: Array<{ line: number; record: ImportRecord; publishedAt: number }> = [];
  const malformed: ImportSummary["malformed"] = [];
  let line = 0;
  for await (const text of rl) {
    line++;
    if (!text.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      malformed.push({ line, reason: "not valid JSON" });
      continue;
    }
    const parsed = ImportRecord.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      malformed.push({ line, reason: `${issue?.path.join(".") || "record"}: ${issue?.message}` });
      continue;
    }
    records.push({ line, record: parsed.data, publishedAt: parsePublished(parsed.data.published_at) });
  }
  // Article order, not file order: the pipeline sees a backfill as it would have seen it live.
  records.sort((a, b) => a.publishedAt - b.publishedAt || a.line - b.line);
  return { lines: line, records, malformed };
}

async function isGzip(file: string): Promise<boolean> {
  const fd = await fs.promises.open(file, "r");
  try {
    const { buffer, bytesRead } = await fd.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await fd.close();
  }
}

/**
 * Bulk-loads articles through the same pipeline as fetched ones, in `published_at` order, in batches that each
 * commit atomically (articles, import ids and `item.new` events together). Idempotent: a re-run after a crash
 * or a completed run adds only what is missing.
 */
export async function importFile(
  store: Store,
  file: string,
  opts: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const { lines, records, malformed } = await readImportFile(file);
  const batchSize = opts.batchSize ?? 500;
  const sources = new SourceResolver(store);
  // Every outlet of the file is registered before any article is enriched: an article that names an outlet whose
  // own articles come later in the file must not make it an entity.
  for (const { record } of records) await sources.resolve(record);
  let inserted = 0;
  let duplicates = 0;
  let alreadyImported = 0;
  const registration = opts.clustering ? new ImportRegistration(store.leases) : undefined;
  await registration?.start();
  if (opts.clustering && registration) opts.clustering.othersStoring = () => registration.othersStoring();
  try {
    await storeBatches();
  } finally {
    await registration?.stop();
  }
  // No article of this import stays storyless: the lease holder places what is pending (this process, or another
  // one it waits for) and settles the last news cycle of the file once no other import is storing, so the final
  // labels get the same second look.
  if (opts.clustering)
    await finishClustering(store, opts.clustering, {
      onWaiting: opts.onWaiting,
      othersStoring: () => registration!.othersStoring(),
    });
  malformed.sort((a, b) => a.line - b.line);
  return {
    lines,
    records: records.length,
    inserted,
    duplicates,
    alreadyImported,
    malformed,
    elapsedMs: Date.now() - started,
  };

  async function storeBatches(): Promise<void> {
    for (let i = 0; i < records.length; i += batchSize) {
      const batch = records.slice(i, i + batchSize);
      const known = await store.articles.knownExternalIds(
        batch.flatMap((r) => (r.record.id === undefined ? [] : [String(r.record.id)])),
      );
      const inputs: PipelineInput[] = [];
      const lineOf = new Map<PipelineInput, number>();
      for (const { line, record, publishedAt } of batch) {
        const externalId = record.id === undefined ? undefined : String(record.id);
        if (externalId !== undefined && known.has(externalId)) {
          alreadyImported++;
          continue;
        }
        const input: PipelineInput = {
          raw: {
            url: record.url ?? syntheticUrl(record, line),
            title: record.title,
            published: publishedAt,
            summary: record.text ?? null,
            categories: record.category ? [record.category] : [],
            language: record.language ?? null,
            externalId,
          },
          source: await sources.resolve(record),
          // Stories and their dynamics follow the article's own clock, so a backfill clusters as it would have then.
          // Its events carry the wall-clock time they are logged, unless the log keeps producers' times
          // (`lede import --event-time article`).
          discoveredAt: publishedAt || started,
        };
        inputs.push(input);
        lineOf.set(input, line);
      }
      const result = await runPipeline(
        { store, onAppended: opts.onAppended, clustering: opts.clustering },
        inputs,
      );
      inserted += result.inserted.length;
      duplicates += result.existing.length;
      for (const bad of result.invalid)
        malformed.push({ line: lineOf.get(bad.input) ?? 0, reason: bad.reason });
      opts.onProgress?.({
        processed: Math.min(i + batchSize, records.length),
        total: records.length,
        inserted,
        elapsedMs: Date.now() - started,
      });
      // Every await above may resolve without a turn of the event loop: let timers and I/O in between batches.
      await new Promise((r) => setImmediate(r));
    }
  }
}

/** Records without a URL still need a stable identity: a URL under the reserved `.invalid` domain. */
function syntheticUrl(record: ImportRecord, line: number): string {
  const host = record.hostname ?? "import.invalid";
  const key = record.id !== undefined ? String(record.id) : `line-${line}-${kebab(record.title, 60)}`;
  return `https://${host}/lede-import/${encodeURIComponent(key)}`;
}

/** Finds or creates the source an import record names (by name, else hostname), caching lookups. */
class SourceResolver {
  private cache = new Map<string, Source>();
  constructor(private readonly store: Store) {}

  async resolve(r: ImportRecord): Promise<Source> {
    const host = r.hostname ?? (r.url ? safeHost(r.url) : null);
    const name = r.source?.trim() || host || "Unknown source";
    const slug = kebab(name) || "unknown-source";
    const hit = this.cache.get(slug);
    if (hit) return hit;
    const source = await this.store.sources.ensure({
      slug,
      name,
      homepage: host ? `https://${host}/` : "",
      country: null,
      language: r.language ?? null,
      category: toCategory(r.category) ?? "world",
      logoUrl: null,
      description: null,
    });
    this.cache.set(slug, source);
    return source;
  }
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}
