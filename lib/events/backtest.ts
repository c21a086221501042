import { z } from "zod";

import type { Store } from "../db/store";
import type { StoredEvent } from "../db/types";
import { ValidationError } from "../errors";
import { qBool, qCsv, qIntDefault, qIntRequired } from "../validation/query";
import { compileFilters, EVENT_TYPES, matchesFilters, sourceResolver, TOPIC_TYPES } from "./filters";

export const BACKTEST_MAX_AGE_MS = 90 * 86_400_000;
export const BACKTEST_MAX_WINDOW_MS = 7 * 86_400_000;

const DEFAULT_TOPICS = ["articles", "stories"];
const DEFAULT_TYPES = DEFAULT_TOPICS.flatMap((t) => TOPIC_TYPES[t] ?? []);
const BacktestType = z.enum(EVENT_TYPES);
const Topic = z.enum(["articles", "stories"]);

/** GET /v1/backtest query (contract §7.7). */
export const BacktestQuery = z.object({
  from: qIntRequired({ min: 0 }),
  to: qIntRequired({ min: 0 }),
  topics: qCsv().pipe(z.array(Topic).optional()),
  types: qCsv().pipe(z.array(BacktestType).optional()),
  categories: qCsv(),
  sources: qCsv(),
  keywords: qCsv(),
  entities: qCsv().pipe(z.array(z.string().regex(/^\d+$/, "must be integers").transform(Number)).optional()),
  cluster_id: qIntDefault(-1, { min: 0 }).transform((v) => (v < 0 ? undefined : v)),
  include_embeddings: qBool(),
  cursor: qIntDefault(0, { min: 0 }),
  limit: qIntDefault(1000, { min: 1, max: 5000 }),
});

const BodyEmbeddingFilter = z.object({
  embedding: z.array(z.number().finite()).length(1536, "embedding must have 1536 numbers"),
  threshold: z.number().min(0).max(1).default(0.75),
  label: z.string().max(100).optional(),
});

/** POST /v1/backtest body: the same fields as arrays, plus at most one embedding filter. */
export const BacktestBody = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  topics: z.array(Topic).max(100).optional(),
  types: z.array(BacktestType).max(100).optional(),
  categories: z.array(z.string()).max(100).optional(),
  sources: z.array(z.string()).max(100).optional(),
  keywords: z.array(z.string()).max(100).optional(),
  entities: z.array(z.number().int()).max(100).optional(),
  cluster_id: z.number().int().min(0).optional(),
  include_embeddings: z.boolean().default(false),
  embedding_filters: z.array(z.unknown()).optional(),
  cursor: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(5000).default(1000),
});

export interface BacktestInput {
  from: number;
  to: number;
  topics?: string[];
  types?: string[];
  categories?: string[];
  sources?: string[];
  keywords?: string[];
  entities?: number[];
  cluster_id?: number;
  include_embeddings: boolean;
  embedding_filters?: unknown[];
  cursor: number;
  limit: number;
}

/** The checks the schema cannot express: the window's age and size, and the embedding filters. */
export function checkBacktestWindow(input: BacktestInput, now: number): void {
  if (input.from < now - BACKTEST_MAX_AGE_MS) {
    throw new ValidationError("backtest_range_too_old", "from must be within the last 90 days", {
      param: "from",
      min: now - BACKTEST_MAX_AGE_MS,
    });
  }
  if (input.to <= input.from) {
    throw new ValidationError("backtest_window_too_large", "to must be after from", {
      param: "to",
      reason: "to_not_after_from",
    });
  }
  if (input.to - input.from > BACKTEST_MAX_WINDOW_MS) {
    throw new ValidationError(
      "backtest_window_too_large",
      `to - from must be at most 7 days (${BACKTEST_MAX_WINDOW_MS} ms)`,
      {
        param: "to",
        max: BACKTEST_MAX_WINDOW_MS,
        reason: "window_too_large",
      },
    );
  }
  const filters = input.embedding_filters ?? [];
  if (filters.length > 1) {
    throw new ValidationError("too_many_embedding_filters", "at most 1 embedding filter", {
      param: "embedding_filters",
      max: 1,
    });
  }
  for (const f of filters) {
    const parsed = BodyEmbeddingFilter.safeParse(f);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const code = issue?.path[0] === "embedding" ? "invalid_embedding" : "invalid_body";
      throw new ValidationError(code, `embedding_filters[0].${issue?.path.join(".")}: ${issue?.message}`, {
        param: "embedding_filters",
      });
    }
  }
}

const SCAN = 2000;

/**
 * Replays the event log (contract §7.7): the stored broadcast messages, in (ts, id) order, filtered with the
 * same semantics as the live feed. Pages resume after the cursor event, so they are stable.
 */
export async function runBacktest(store: Store, input: BacktestInput) {
  const filters = await compileFilters(input, sourceResolver(store), DEFAULT_TYPES);
  const types = [...filters.types];
  const cursorEvent = input.cursor > 0 ? await store.events.get(input.cursor) : null;
  let after = cursorEvent ? { ts: cursorEvent.ts, id: cursorEvent.id } : undefined;
  const matched: StoredEvent[] = [];
  let hasMore = false;
  for (;;) {
    const chunk = await store.events.range({
      from: input.from,
      to: input.to,
      types,
      clusterId: input.cluster_id,
      after,
      limit: SCAN,
    });
    for (const e of chunk) {
      if (!matchesFilters(filters, e)) continue;
      if (matched.length === input.limit) {
        hasMore = true;
        break;
      }
      matched.push(e);
    }
    const last = chunk[chunk.length - 1];
    if (hasMore || chunk.length < SCAN || !last) break;
    after = { ts: last.ts, id: last.id };
  }
  return {
    ok: true as const,
    events: matched.map((e) => ({
      id: e.id,
      ts: e.ts,
      event_type: e.type,
      cluster_id: e.clusterId,
      payload: e.payload,
      // Article vectors arrive with the enrichment stage; until then every event carries an empty one.
      embedding: [] as number[],
    })),
    next_cursor: matched[matched.length - 1]?.id ?? input.cursor,
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
      event_count: matched.length,
    },
  };
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
