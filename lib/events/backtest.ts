import type { Store } from "../db/store";
import type { StoredEvent } from "../db/types";
import { attachVectors } from "./attach-vectors";
import { checkBacktestInput, type BacktestInput } from "./backtest-input";
import type { LiveEvent } from "./bus";
import { embeddingJson, embeddingMatch, type EmbeddingMatch } from "./embedding-filters";
import { compileFilters, matchesFilters, TOPIC_TYPES, type CompiledFilters } from "./filters";

export {
  BACKTEST_MAX_AGE_MS,
  BACKTEST_MAX_WINDOW_MS,
  BacktestBody,
  BacktestQuery,
  type BacktestInput,
} from "./backtest-input";

const DEFAULT_TOPICS = ["articles", "stories"];
const DEFAULT_TYPES = DEFAULT_TOPICS.flatMap((t) => TOPIC_TYPES[t] ?? []);
/** Rows read per index range step; filtering happens between steps, so a page never loads the whole window. */
const SCAN = 2000;

interface Kept {
  event: StoredEvent;
  match: EmbeddingMatch | undefined;
  vector: Float32Array | undefined;
}

export type BacktestPage = Awaited<ReturnType<typeof runBacktest>>;

/**
 * The response body of a backtest page (contract §7.7, §6.12). Each event's `payload` is written from the logged
 * JSON text as it is: a 5,000-event page is neither parsed nor re-serialised event by event.
 */
export function backtestJson(page: BacktestPage): string {
  const events = page.events.map(
    (e) =>
      `{"id":${e.id},"ts":${e.ts},"event_type":${JSON.stringify(e.event_type)},"cluster_id":${e.cluster_id},` +
      `"payload":${e.payloadJson}${e.similarity !== undefined ? `,"similarity":${JSON.stringify(e.similarity)}` : ""},` +
      `"embedding":${JSON.stringify(e.embedding)}}`,
  );
  return `{"ok":true,"events":[${events.join(",")}],"next_cursor":${page.next_cursor},"has_more":${page.has_more},"meta":${JSON.stringify(page.meta)}}`;
}

/**
 * Replays the event log (contract §7.7): the stored broadcast messages, in (ts, id) order, filtered with the
 * same code as the live feed. Pages resume after the cursor event, so they are stable.
 */
export async function runBacktest(store: Store, input: BacktestInput, now: number) {
  const embeddingFilters = checkBacktestInput(input, now);
  const filters = compileFilters({ ...input, embedding_filters: embeddingFilters }, DEFAULT_TYPES);
  const types = [...filters.types];
  const cursorEvent = input.cursor > 0 ? await store.events.get(input.cursor) : null;
  let after = cursorEvent ? { ts: cursorEvent.ts, id: cursorEvent.id } : undefined;
  const kept: Kept[] = [];
  let hasMore = false;
  for (;;) {
    const chunk = await store.events.range({
      from: input.from,
      to: input.to,
      types,
      clusterId: input.cluster_id,
      after,
      limit: SCAN,
      // The same filters, pre-applied in SQL so rows that cannot match are not read into JavaScript.
      categories: filters.categories ? [...filters.categories] : undefined,
      sources: filters.sources ? [...filters.sources] : undefined,
      keywords: filters.keywords,
    });
    for (const k of await keepMatching(store, filters, chunk)) {
      if (kept.length === input.limit) {
        hasMore = true;
        break;
      }
      kept.push(k);
    }
    const last = chunk[chunk.length - 1];
    if (hasMore || chunk.length < SCAN || !last) break;
    after = { ts: last.ts, id: last.id };
  }
  return {
    ok: true as const,
    events: kept.map(({ event: e, match, vector }) => ({
      id: e.id,
      ts: e.ts,
      event_type: e.type,
      cluster_id: e.clusterId,
      // The broadcast message as logged, kept as its JSON text (see backtestJson).
      payloadJson: e.payloadJson ?? JSON.stringify(e.payload),
      ...(match ? { similarity: match.similarity } : {}),
      embedding: filters.includeEmbeddings && vector ? embeddingJson(vector) : ([] as number[]),
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

/** The events of one scanned chunk that pass, with their vectors loaded only when the request needs them. */
async function keepMatching(store: Store, f: CompiledFilters, chunk: StoredEvent[]): Promise<Kept[]> {
  const passing: LiveEvent[] = chunk.filter((e) => matchesFilters(f, e));
  if (f.includeEmbeddings || (f.embeddingFilters?.length ?? 0) > 0)
    await attachVectors(store.events, passing);
  const out: Kept[] = [];
  for (const event of passing) {
    const vector = event.vector?.vector;
    const match = embeddingMatch(f.embeddingFilters, event, vector);
    if (match !== null) out.push({ event, match, vector });
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
