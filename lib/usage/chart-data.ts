import type { UsageDay, UsageReport } from "./usage-report";

export interface ChartDay {
  dayMs: number;
  /** Short UTC date label, e.g. "Jun 9". */
  label: string;
  requests: number;
  errors: number;
  /** Requests that succeeded, so requests stack as ok + errors. */
  ok: number;
  bytes: number;
  /** Rounded to 0.1 ms; null on a day without traffic, so a line chart shows a gap instead of a false zero. */
  latencyMs: number | null;
}

const LABEL = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });

/** Shapes the report's zero-filled days for the usage charts. */
export function toChartDays(days: UsageDay[]): ChartDay[] {
  return days.map((d) => ({
    dayMs: d.dayMs,
    label: LABEL.format(d.dayMs),
    requests: d.requests,
    errors: d.errors,
    ok: d.requests - d.errors,
    bytes: d.bytes,
    latencyMs: d.requests > 0 ? Math.round(d.avgLatencyMs * 10) / 10 : null,
  }));
}

/** What the usage page draws: the report plus its days shaped for the charts. */
export type UsageView = UsageReport & { chartDays: ChartDay[] };

export function toUsageView(report: UsageReport): UsageView {
  return { ...report, chartDays: toChartDays(report.daily) };
}
