import { z } from "zod";

import { ValidationError } from "../errors";
import { qBool, qCsv, qIntDefault, qIntRequired } from "../validation/query";
import { embeddingFilterSchema, type EmbeddingFilterInput } from "./embedding-filters";
import { EVENT_TYPES } from "./filters";

export const BACKTEST_MAX_AGE_MS = 90 * 86_400_000;
export const BACKTEST_MAX_WINDOW_MS = 7 * 86_400_000;

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

// REST embedding filters take thresholds from 0.0 (the live feed's start at 0.5; contract §8.3 note).
const BodyEmbeddingFilter = embeddingFilterSchema(0);

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
  // Checked by `checkBacktestInput`, so that each problem gets its own code (count, then each vector).
  embedding_filters: z.array(z.unknown()).optional(),
  cursor: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(5000).default(1000),
});

/** What GET and POST both come down to. */
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

/**
 * The checks the schema cannot express: the window's age and size, and the embedding filters (at most one, of
 * 1536 numbers). Returns the embedding filters parsed.
 */
export function checkBacktestInput(input: BacktestInput, now: number): EmbeddingFilterInput[] {
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
      { param: "to", max: BACKTEST_MAX_WINDOW_MS, reason: "window_too_large" },
    );
  }
  const filters = input.embedding_filters ?? [];
  if (filters.length > 1) {
    throw new ValidationError("too_many_embedding_filters", "at most 1 embedding filter", {
      param: "embedding_filters",
      max: 1,
    });
  }
  return filters.map((f) => {
    const parsed = BodyEmbeddingFilter.safeParse(f);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".") ?? "";
    const code =
      issue?.path[0] === "embedding"
        ? "invalid_embedding"
        : issue?.code === "too_small" || issue?.code === "too_big"
          ? "parameter_out_of_range"
          : "invalid_body";
    throw new ValidationError(code, `embedding_filters[0]${path ? `.${path}` : ""}: ${issue?.message}`, {
      param: `embedding_filters[0]${path ? `.${path}` : ""}`,
    });
  });
}
