import type { Store } from "../db/store";
import { env } from "../env";
import { logger } from "../logger";
import { fetchOptionsFromEnv, type SafeFetchOptions } from "../net";
import { ContentExtractor } from "./content-extractor";

let override: SafeFetchOptions | undefined;
let fromEnv: SafeFetchOptions | undefined;

/** Lets a test point article fetches at its own loopback server (through an explicit allowlist). */
export function setContentFetchOptionsForTesting(opts: SafeFetchOptions | undefined): void {
  override = opts;
}

function currentFetchOptions(): SafeFetchOptions {
  if (override) return override;
  fromEnv ??= fetchOptionsFromEnv(env());
  return fromEnv;
}

// One extractor per store, so the concurrency bound and the sharing of in-flight pages hold process-wide.
const extractors = new WeakMap<Store, ContentExtractor>();

/** The process's extractor for this store. */
export function contentExtractorFor(store: Store): ContentExtractor {
  let x = extractors.get(store);
  if (!x) {
    x = new ContentExtractor({
      store,
      fetchOptions: currentFetchOptions,
      concurrency: env().LEDE_EXTRACT_CONCURRENCY,
      log: logger,
    });
    extractors.set(store, x);
  }
  return x;
}
