import type { Logger } from "pino";

import { openStore } from "./db/open-store";
import type { Store } from "./db/store";
import { dataDir, loadEnv, type Env } from "./env";
import { EventBus } from "./events/bus";
import { LogTailer } from "./events/log-tailer";
import { DEFAULT_DEMO_KEY } from "./keys/key-format";
import { ensureDemoKey, KeyVerifier } from "./keys/verify-key";
import { logger } from "./logger";
import { MemoryRateLimiter } from "./quota/memory-rate-limiter";
import type { RateLimiter } from "./quota/rate-limiter";
import { RedisRateLimiter } from "./quota/redis-rate-limiter";
import { UsageRecorder } from "./usage/usage-recorder";

/** Everything a request, the worker or a CLI command needs, created once per process. */
export interface AppContext {
  env: Env;
  dataDir: string;
  store: Store;
  bus: EventBus;
  tailer: LogTailer;
  keys: KeyVerifier;
  limiter: RateLimiter;
  usage: UsageRecorder;
  log: Logger;
  demoKey: string;
  close(): Promise<void>;
}

export async function createAppContext(env: Env = loadEnv()): Promise<AppContext> {
  const dir = dataDir(env);
  const store = await openStore(env);
  const bus = new EventBus();
  const log = logger;
  const tailer = new LogTailer({
    events: store.events,
    bus,
    onError: (e) => log.error({ err: e }, "event tailer failed"),
  });
  const demoKey = env.LEDE_DEMO_KEY ?? DEFAULT_DEMO_KEY;
  await ensureDemoKey(store, demoKey);
  const keys = new KeyVerifier(store);
  const usage = new UsageRecorder(store.usage, (e) => log.error({ err: e }, "usage flush failed"));
  // With Redis, every instance counts a key's requests against one limit; without it, each process counts alone.
  const limiter: RateLimiter = env.LEDE_REDIS_URL
    ? new RedisRateLimiter({
        url: env.LEDE_REDIS_URL,
        onFallback: (err) =>
          err
            ? log.warn({ err }, "rate limiter: Redis does not answer; counting in this process until it does")
            : log.info("rate limiter: Redis answers again; limits are shared"),
      })
    : new MemoryRateLimiter();
  const touchTimer = setInterval(() => void keys.flushLastUsed().catch(() => undefined), 5_000);
  touchTimer.unref();
  return {
    env,
    dataDir: dir,
    store,
    bus,
    tailer,
    keys,
    limiter,
    usage,
    log,
    demoKey,
    async close() {
      clearInterval(touchTimer);
      await usage.close();
      await limiter.close?.();
      await tailer.stop();
      await keys.flushLastUsed().catch(() => undefined);
      await store.close();
    },
  };
}

// The custom server and Next's route bundle load separate copies of lib/ in one process. They share the one
// context through this global slot, so both see one database handle, one event bus and one key cache.
const SLOT = Symbol.for("lede.appContext");
type Slot = { [SLOT]?: Promise<AppContext> };

export function setAppContext(ctx: Promise<AppContext>): void {
  (globalThis as Slot)[SLOT] = ctx;
}

/** The process's context; created on first use when nothing set one (e.g. `next dev` without the custom server). */
export function getAppContext(): Promise<AppContext> {
  const g = globalThis as Slot;
  g[SLOT] ??= createAppContext();
  return g[SLOT];
}
