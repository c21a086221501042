import type { UsageReport } from "./usage-report";

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Contract §6.13 wire shape of a usage report for the calling key. */
export function serializeUsageReport(r: UsageReport & { keyId: string }) {
  return {
    key_id: r.keyId,
    tier: r.tier,
    quota: {
      monthly_limit: r.quota.monthlyLimit,
      monthly_used: r.quota.monthlyUsed,
      // An integer by construction: the Python SDK rejects a decimal point here.
      pct_used: r.quota.pctUsed,
      grace_limit: r.quota.graceLimit,
      resets_at_ms: r.quota.resetsAtMs,
    },
    summary: {
      total_requests: r.summary.totalRequests,
      total_bytes: r.summary.totalBytes,
      total_errors: r.summary.totalErrors,
      avg_latency_ms: round2(r.summary.avgLatencyMs),
      top_endpoints: r.summary.topEndpoints.map((e) => ({ endpoint: e.endpoint, count: e.count })),
    },
    daily: r.daily.map((d) => ({ day_ms: d.dayMs, requests: d.requests, errors: d.errors, bytes: d.bytes })),
  };
}
