import pino from "pino";

import { setApiDepsForTesting, type ApiDeps } from "@/lib/api/deps";
import type { Store } from "@/lib/db/store";
import type { KeyVerifier } from "@/lib/keys/verify-key";
import { MemoryRateLimiter } from "@/lib/quota/memory-rate-limiter";
import { get } from "@/lib/testing/api-deps";
import { UsageRecorder } from "@/lib/usage/usage-recorder";

import { GET, POST } from "./route";

export interface BacktestEvent {
  id: number;
  ts: number;
  event_type: string;
  cluster_id: number;
  payload: Record<string, unknown>;
  similarity?: number;
  embedding: number[];
}

export interface BacktestPage {
  events: BacktestEvent[];
  next_cursor: number;
  has_more: boolean;
  meta: Record<string, unknown>;
}

/** Points the backtest route handlers at a live-feed test instance's store and keys (no Next involved). */
export function useBacktestRoutes(store: Store, keys: KeyVerifier): () => void {
  const deps: ApiDeps = {
    store,
    keys,
    limiter: new MemoryRateLimiter(),
    usage: new UsageRecorder(store.usage),
    log: pino({ level: "silent" }),
  };
  setApiDepsForTesting(async () => deps);
  return () => setApiDepsForTesting(undefined);
}

export async function backtestGet(key: string, query: string): Promise<BacktestPage> {
  const res = await GET(get(`/v1/backtest?${query}`, key));
  if (res.status !== 200) throw new Error(`GET /v1/backtest answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as BacktestPage;
}

export async function backtestPost(key: string, body: Record<string, unknown>): Promise<BacktestPage> {
  const res = await POST(
    new Request("http://lede.test/v1/backtest", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  if (res.status !== 200) throw new Error(`POST /v1/backtest answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as BacktestPage;
}

/** Every page of a backtest, following `next_cursor` while `has_more`. */
export async function backtestAll(
  fetchPage: (cursor: number) => Promise<BacktestPage>,
): Promise<BacktestEvent[]> {
  const out: BacktestEvent[] = [];
  for (let cursor = 0; ; ) {
    const page = await fetchPage(cursor);
    out.push(...page.events);
    if (!page.has_more) return out;
    cursor = page.next_cursor;
  }
}
