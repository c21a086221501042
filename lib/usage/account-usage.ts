import { z } from "zod";

import type { Store } from "../db/store";
import type { Account } from "../db/types";
import { NotFoundError } from "../errors";
import { qIntDefault } from "../validation/query";
import { getUsageReport, type UsageReport } from "./usage-report";
import { DAY_MS } from "./usage-window";

export const USAGE_RANGES = [7, 30, 90] as const;

/** The dashboard's usage query: the last `days` UTC days (today included), for one key or the whole account. */
export const AccountUsageQuery = z.object({
  days: qIntDefault(30, { min: 1, max: 92 }),
  key_id: z
    .string()
    .regex(/^key_[0-9a-f]{16}$/, "must be a key id")
    .optional(),
});
export type AccountUsageQuery = z.infer<typeof AccountUsageQuery>;

/** The same aggregation as GET /v1/usage, over whole UTC days, for the dashboard's usage page. */
export async function getAccountUsage(
  store: Store,
  account: Account,
  query: AccountUsageQuery,
  now: number,
): Promise<UsageReport> {
  if (query.key_id && !(await store.keys.get(account.id, query.key_id))) {
    throw new NotFoundError("key", query.key_id);
  }
  const from = Math.floor(now / DAY_MS) * DAY_MS - (query.days - 1) * DAY_MS;
  return getUsageReport(store, { account, keyId: query.key_id ?? null, from, to: now, now });
}
