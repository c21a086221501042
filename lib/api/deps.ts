import type { Logger } from "pino";

import { getAppContext } from "../context";
import type { Store } from "../db/store";
import type { KeyVerifier } from "../keys/verify-key";
import type { RateLimiter } from "../quota/rate-limiter";
import type { UsageRecorder } from "../usage/usage-recorder";

/** What the /v1 wrapper and handlers need; tests build one around a temporary store. */
export interface ApiDeps {
  store: Store;
  keys: KeyVerifier;
  limiter: RateLimiter;
  usage: UsageRecorder;
  log: Logger;
  now?: () => number;
}

let override: (() => Promise<ApiDeps>) | undefined;

/** Lets a test point every route at its own dependencies. */
export function setApiDepsForTesting(fn: (() => Promise<ApiDeps>) | undefined): void {
  override = fn;
}

export function getApiDeps(): Promise<ApiDeps> {
  return override ? override() : getAppContext();
}
