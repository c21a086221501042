import { z } from "zod";

import { ValidationError } from "../errors";
import { qInt } from "../validation/query";

export const DAY_MS = 86_400_000;
/** Contract §7.8: `to − from` is at most 92 days. */
export const USAGE_MAX_WINDOW_MS = 92 * DAY_MS;
export const USAGE_DEFAULT_WINDOW_MS = 30 * DAY_MS;

/** GET /v1/usage query (contract §7.8): `from`/`to` in ms, defaulting to the last 30 days. */
export const UsageQuery = z.object({
  from: qInt({ min: 0 }),
  to: qInt({ min: 0 }),
});
export type UsageQuery = z.infer<typeof UsageQuery>;

export interface UsageWindow {
  from: number;
  to: number;
}

/** Fills the defaults and checks `from < to` and the 92-day bound. */
export function resolveUsageWindow(q: { from?: number; to?: number }, now: number): UsageWindow {
  const to = q.to ?? now;
  // Never before the epoch: a `to` in the first 30 days of 1970 would otherwise give negative days.
  const from = q.from ?? Math.max(0, to - USAGE_DEFAULT_WINDOW_MS);
  if (from >= to) {
    throw new ValidationError("invalid_parameter", "from: must be earlier than to", {
      param: "from",
      reason: "from_not_before_to",
    });
  }
  if (to - from > USAGE_MAX_WINDOW_MS) {
    throw new ValidationError(
      "parameter_out_of_range",
      `to - from must be at most 92 days (${USAGE_MAX_WINDOW_MS} ms)`,
      { param: "to", max: USAGE_MAX_WINDOW_MS },
    );
  }
  return { from, to };
}

/** The start (00:00 UTC) of every day that [from, to] touches, ascending. */
export function utcDays(from: number, to: number): number[] {
  const days: number[] = [];
  for (let d = Math.floor(from / DAY_MS) * DAY_MS; d <= to; d += DAY_MS) days.push(d);
  return days;
}
