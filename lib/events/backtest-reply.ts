import type { Store } from "../db/store";
import { DomainError } from "../errors";
import { sharedConcurrency } from "../serving/concurrency";
import { PreparedJson } from "../serving/prepared-json";
import { STREAM_MIN_BYTES, StreamedJson } from "../serving/streamed-json";
import { TimeSlice } from "../serving/time-slice";
import { pagesOf, VersionedPages } from "../serving/versioned-pages";
import { backtestJsonChunks, runBacktest, type BacktestInput } from "./backtest";

/** Heavy backtest pages one account may have in flight at once (in this process), from the query to the last byte. */
export const HEAVY_BACKTESTS_PER_ACCOUNT = 2;

/**
 * Pages of windows that ended over a minute ago are kept (replaying one window page by page, again and again, is
 * what a backtest loop does) until the past of the log changes (migration 023) or this long has passed.
 */
const KEPT_PAGE_TTL_MS = 10 * 60_000;
/** JSON bytes of kept pages per store (a 1,000-event page is about 750 KB). */
const KEPT_PAGES_BYTES = 64 * 2 ** 20;
const ENDED_MS = 60_000;
const endedWindowPages = new WeakMap<Store, VersionedPages>();

/** Only light pages (no embeddings, no embedding filter, at most 1,000 events) of a window that has ended. */
const keepable = (input: BacktestInput, now: number) => !isHeavyBacktest(input) && input.to < now - ENDED_MS;

/** A page is heavy when it may hold thousands of events or carries embeddings (16 MB at 5,000 events). */
export function isHeavyBacktest(input: BacktestInput): boolean {
  return (
    input.limit > 1000 || Boolean(input.include_embeddings) || (input.embedding_filters?.length ?? 0) > 0
  );
}

/**
 * A backtest page as the response body: built a time slice at a time (so other requests are served meanwhile), and
 * streamed when large. A heavy page holds one of its account's HEAVY_BACKTESTS_PER_ACCOUNT slots until its body is
 * written or abandoned; past the bound the request is refused with 429 `rate_limited` (retry after a second).
 */
export async function backtestReply(
  store: Store,
  accountId: number,
  input: BacktestInput,
  now: number,
): Promise<PreparedJson | StreamedJson> {
  if (keepable(input, now)) {
    const pages = pagesOf(
      endedWindowPages,
      store,
      () =>
        new VersionedPages(() => store.events.historyVersion(), KEPT_PAGE_TTL_MS, {
          maxBytes: KEPT_PAGES_BYTES,
        }),
    );
    return pages.get(`backtest:${JSON.stringify(input)}`, now, async () => {
      const slice = new TimeSlice();
      const chunks = await backtestJsonChunks(await runBacktest(store, input, now, slice), slice);
      return new PreparedJson(Buffer.concat(chunks), true);
    });
  }
  const release = isHeavyBacktest(input)
    ? sharedConcurrency("backtest", HEAVY_BACKTESTS_PER_ACCOUNT).acquire(accountId)
    : () => {};
  if (!release) {
    throw new DomainError(
      "rate_limited",
      429,
      `at most ${HEAVY_BACKTESTS_PER_ACCOUNT} large backtest pages (over 1,000 events, or with embeddings) of an account are served at once; retry when one has finished`,
      { limit: HEAVY_BACKTESTS_PER_ACCOUNT },
      { "Retry-After": "1" },
    );
  }
  try {
    const slice = new TimeSlice();
    const chunks = await backtestJsonChunks(await runBacktest(store, input, now, slice), slice);
    const body = new StreamedJson(chunks, release);
    if (body.length >= STREAM_MIN_BYTES) return body;
    release();
    return new PreparedJson(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  } catch (e) {
    release();
    throw e;
  }
}
