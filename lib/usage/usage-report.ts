import type { Store } from "../db/store";
import type { Account, Plan } from "../db/types";
import { getQuotaStatus, type QuotaStatus } from "./quota-status";
import { utcDays, type UsageWindow } from "./usage-window";

export const TOP_ENDPOINTS = 10;

export interface UsageDay {
  dayMs: number;
  requests: number;
  errors: number;
  bytes: number;
  /** Mean latency of the day's requests; 0 on a day without traffic. */
  avgLatencyMs: number;
}

/** The one usage aggregation behind GET /v1/usage and the dashboard's usage page. */
export interface UsageReport {
  keyId: string | null;
  tier: Plan;
  window: UsageWindow;
  quota: QuotaStatus;
  summary: {
    totalRequests: number;
    totalBytes: number;
    totalErrors: number;
    avgLatencyMs: number;
    topEndpoints: Array<{ endpoint: string; count: number }>;
  };
  /** One entry per UTC day in [from, to], zero-filled, ascending. */
  daily: UsageDay[];
}

export interface UsageReportInput extends UsageWindow {
  account: Account;
  /** Report one key of the account (as /v1/usage does for the calling key), or all of them when null. */
  keyId: string | null;
  now: number;
}

export async function getUsageReport(store: Store, input: UsageReportInput): Promise<UsageReport> {
  const { account, keyId, from, to, now } = input;
  const [quota, agg] = await Promise.all([
    getQuotaStatus(store, account, now),
    store.usage.aggregate({
      accountId: account.id,
      keyId: keyId ?? undefined,
      from,
      to,
      topLimit: TOP_ENDPOINTS,
    }),
  ]);
  const byDay = new Map(agg.days.map((d) => [d.dayMs, d]));
  const daily = utcDays(from, to).map(
    (dayMs): UsageDay => byDay.get(dayMs) ?? { dayMs, requests: 0, errors: 0, bytes: 0, avgLatencyMs: 0 },
  );
  return {
    keyId,
    tier: account.plan,
    window: { from, to },
    quota,
    summary: {
      totalRequests: agg.totalRequests,
      totalBytes: agg.totalBytes,
      totalErrors: agg.totalErrors,
      avgLatencyMs: agg.avgLatencyMs,
      topEndpoints: agg.topEndpoints,
    },
    daily,
  };
}
