const COUNT = new Intl.NumberFormat("en");
const DATE = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

export const formatCount = (n: number) => COUNT.format(n);

/** A date in UTC (billing months and usage days are UTC), the same on the server and in any browser. */
export const formatUtcDate = (ms: number) => DATE.format(ms);

const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** 1,536 → "1.5 KB" (powers of 1024, one decimal below 10). */
export function formatBytes(n: number): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  const digits = u === 0 || v >= 10 ? 0 : 1;
  return `${v.toFixed(digits)} ${UNITS[u]}`;
}

/** Latency for display: "12 ms", "0.4 ms", "1.2 s". */
export function formatLatency(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return `${ms >= 10 ? Math.round(ms) : Math.round(ms * 10) / 10} ms`;
}
