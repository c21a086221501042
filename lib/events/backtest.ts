import type { LoggedEvent, Store } from "../db/store";
import { CHUNK_BYTES } from "../serving/streamed-json";
import { TimeSlice } from "../serving/time-slice";
import { checkBacktestInput, type BacktestInput } from "./backtest-input";
import {
  carriesEmbedding,
  embeddingJson,
  embeddingMatch,
  isArticleEvent,
  type CompiledEmbeddingFilter,
  type EmbeddingMatch,
} from "./embedding-filters";
import { compileFilters, TOPIC_TYPES } from "./filters";

export {
  BACKTEST_MAX_AGE_MS,
  BACKTEST_MAX_WINDOW_MS,
  BacktestBody,
  BacktestQuery,
  type BacktestInput,
} from "./backtest-input";

const DEFAULT_TOPICS = ["articles", "stories"];
const DEFAULT_TYPES = DEFAULT_TOPICS.flatMap((t) => TOPIC_TYPES[t] ?? []);
/** Rows read per step when an embedding filter, which only JavaScript can apply, may drop some of them. */
const SCAN = 2000;
/** Rows read per step otherwise: one query of a 5,000-event page would hold the event loop for tens of ms. */
const SCAN_PLAIN = 100;
/**
 * An article's events are stamped when the log takes them, never before the article was discovered; this margin
 * covers clocks of processes sharing the log, so articles discovered after a window's end (plus it) are not read.
 */
const CLOCK_SLACK_MS = 60_000;

interface Kept {
  event: LoggedEvent;
  match: EmbeddingMatch | undefined;
  embedding: number[];
}

export type BacktestPage = Awaited<ReturnType<typeof runBacktest>>;

/**
 * The response body of a backtest page (contract §7.7, §6.12), as UTF-8 bytes. Each event's `payload` is written
 * from the logged JSON text as it is: a 5,000-event page is neither parsed nor re-serialised event by event, and the
 * pieces are written straight into one buffer (encoding one joined string costs twice as much: it is flattened
 * first).
 */
export function backtestJson(page: BacktestPage): Buffer {
  const pieces = [PAGE_HEAD];
  page.events.forEach((e, i) => pieces.push(eventJson(e, i)));
  pieces.push(pageTail(page));
  return joinPieces(pieces);
}

/**
 * The same bytes as `backtestJson`, as chunks of about CHUNK_BYTES, built a time slice at a time: a 16 MB page with
 * embeddings (5,000 events) costs about a hundred milliseconds to write, which must not hold the event loop.
 */
export async function backtestJsonChunks(page: BacktestPage, slice = new TimeSlice()): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let pieces = [PAGE_HEAD];
  let size = PAGE_HEAD.length;
  for (let i = 0; i < page.events.length; i++) {
    const piece = eventJson(page.events[i] as BacktestPage["events"][number], i);
    pieces.push(piece);
    size += piece.length;
    if (size >= CHUNK_BYTES) {
      chunks.push(joinPieces(pieces));
      pieces = [];
      size = 0;
    }
    const paused = slice.pause();
    if (paused) await paused;
  }
  pieces.push(pageTail(page));
  chunks.push(joinPieces(pieces));
  return chunks;
}

const PAGE_HEAD = '{"ok":true,"events":[';

function eventJson(e: BacktestPage["events"][number], i: number): string {
  const similarity = e.similarity !== undefined ? `,"similarity":${JSON.stringify(e.similarity)}` : "";
  const embedding = e.embedding.length ? JSON.stringify(e.embedding) : "[]";
  // event_type is one of the six event types: plain ASCII, nothing to escape.
  return `${i ? "," : ""}{"id":${e.id},"ts":${e.ts},"event_type":"${e.event_type}","cluster_id":${e.cluster_id},"payload":${e.payloadJson}${similarity},"embedding":${embedding}}`;
}

function pageTail(page: BacktestPage): string {
  return `],"next_cursor":${page.next_cursor},"has_more":${page.has_more},"meta":${JSON.stringify(page.meta)}}`;
}

function joinPieces(pieces: string[]): Buffer {
  const bytes = pieces.map((p) => Buffer.byteLength(p));
  const out = Buffer.allocUnsafe(bytes.reduce((a, b) => a + b, 0));
  let at = 0;
  // A piece with as many bytes as characters is ASCII, which latin1 writes a third faster than UTF-8.
  pieces.forEach((p, i) => (at += out.write(p, at, bytes[i] === p.length ? "latin1" : "utf8")));
  return out;
}

/**
 * Replays the event log (contract §7.7): the stored broadcast messages, in (ts, id) order, filtered with the
 * live feed's semantics (applied in SQL). Pages resume after the cursor event, so they are stable.
 */
export async function runBacktest(
  store: Store,
  input: BacktestInput,
  now: number,
  slice: TimeSlice = new TimeSlice(),
) {
  const embeddingFilters = checkBacktestInput(input, now);
  const filters = compileFilters({ ...input, embedding_filters: embeddingFilters }, DEFAULT_TYPES);
  const byEmbedding = (filters.embeddingFilters?.length ?? 0) > 0;
  // Only event types that carry their article's vector (carriesEmbedding: item.new and item.enriched) can match one.
  const types = [...filters.types].filter((t) => !byEmbedding || !isArticleEvent(t) || carriesEmbedding(t));
  // The articles that can pass the embedding filters, from the vector index: their events are read, not every
  // article event of the window with its vector. Null when the index cannot say (then every event is tested).
  const candidates = byEmbedding
    ? await embeddingCandidates(store, filters.embeddingFilters ?? [], input.to + CLOCK_SLACK_MS)
    : null;
  const cursorEvent = input.cursor > 0 ? await store.events.get(input.cursor) : null;
  let after = cursorEvent ? { ts: cursorEvent.ts, id: cursorEvent.id } : undefined;
  // Every other filter is exact in SQL: without an embedding filter, limit + 1 rows decide the page and has_more.
  const scan = byEmbedding ? SCAN : Math.min(SCAN_PLAIN, input.limit + 1);
  const kept: Kept[] = [];
  let hasMore = false;
  // An article's item.new and item.enriched carry the same vector: it is read once per request.
  const vectors = new Map<number, Float32Array | undefined>();
  const vectorOf = async (articleId: number) => {
    if (!vectors.has(articleId))
      vectors.set(articleId, (await store.events.articleVectors([articleId])).get(articleId)?.vector);
    return vectors.get(articleId);
  };
  for (;;) {
    const chunk = await store.events.range({
      from: input.from,
      to: input.to,
      types,
      clusterId: input.cluster_id,
      after,
      limit: scan,
      categories: filters.categories && [...filters.categories],
      sources: filters.sources && [...filters.sources],
      keywords: filters.keywords,
      entities: filters.entities && [...filters.entities],
      ...(candidates ? { articleIds: [...candidates] } : {}),
    });
    for (const event of chunk) {
      // Vectors are read one event at a time, in page order, and only for events that carry one: none for rows
      // the SQL filters excluded or past the end of the page.
      const vector =
        (byEmbedding || filters.includeEmbeddings) && carriesEmbedding(event.type) && event.articleId !== null
          ? await vectorOf(event.articleId)
          : undefined;
      const match = embeddingMatch(filters.embeddingFilters, event, vector);
      if (match === null) continue;
      if (kept.length === input.limit) {
        hasMore = true;
        break;
      }
      const embedding = filters.includeEmbeddings && vector ? embeddingJson(vector) : [];
      kept.push({ event, match, embedding });
      const paused = slice.pause();
      if (paused) await paused;
    }
    const last = chunk[chunk.length - 1];
    if (hasMore || chunk.length < scan || !last) break;
    after = { ts: last.ts, id: last.id };
  }
  return {
    ok: true as const,
    events: kept.map(({ event: e, match, embedding }) => ({
      id: e.id,
      ts: e.ts,
      event_type: e.type,
      cluster_id: e.clusterId,
      // The broadcast message as logged, kept as its JSON text (see backtestJson); null once purged.
      payloadJson: e.payloadJson ?? "null",
      ...(match ? { similarity: match.similarity } : {}),
      embedding,
    })),
    next_cursor: kept[kept.length - 1]?.event.id ?? input.cursor,
    has_more: hasMore,
    meta: {
      from: input.from,
      to: input.to,
      topics: input.types?.length
        ? topicsOfTypes(input.types)
        : input.topics?.length
          ? input.topics
          : DEFAULT_TOPICS,
      filters_applied: filtersApplied(input),
      event_count: kept.length,
    },
  };
}

/** The union of each embedding filter's candidate articles; null if any filter's cannot be said cheaply. */
async function embeddingCandidates(
  store: Store,
  filters: CompiledEmbeddingFilter[],
  discoveredUntil: number,
): Promise<Set<number> | null> {
  const out = new Set<number>();
  for (const f of filters) {
    const found = await store.vectors.articleCandidatesWithin({
      vector: Float32Array.from(f.unit),
      maxDistance: 1 - f.threshold,
      discoveredUntil,
    });
    if (!found) return null;
    for (const id of found) out.add(id);
  }
  return out;
}

function topicsOfTypes(types: string[]): string[] {
  const out = new Set<string>();
  for (const t of types)
    out.add(
      t === "clusters.ranked" ? t : (Object.entries(TOPIC_TYPES).find(([, ts]) => ts.includes(t))?.[0] ?? t),
    );
  return [...out];
}

function filtersApplied(i: BacktestInput): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (i.topics?.length) out.topics = i.topics;
  if (i.types?.length) out.types = i.types;
  if (i.categories?.length) out.categories = i.categories;
  if (i.sources?.length) out.sources = i.sources;
  if (i.keywords?.length) out.keywords = i.keywords;
  if (i.entities?.length) out.entities = i.entities.map(String);
  if (i.cluster_id !== undefined) out.cluster_id = [String(i.cluster_id)];
  if (i.embedding_filters?.length) {
    out.embedding_filters = i.embedding_filters.map((f) => (f as { label?: string }).label ?? "unlabelled");
  }
  return out;
}
