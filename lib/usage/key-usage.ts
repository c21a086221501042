import type { Store } from "../db/store";
import type { Account } from "../db/types";
import { serializeUsageReport } from "./serialize";
import { getUsageReport } from "./usage-report";
import { resolveUsageWindow, type UsageQuery } from "./usage-window";

/** GET /v1/usage: the calling key's usage report over the query's window, in the contract's shape. */
export async function getKeyUsage(
  store: Store,
  key: { id: string; account: Account },
  query: UsageQuery,
  now: number,
) {
  const window = resolveUsageWindow(query, now);
  const report = await getUsageReport(store, { account: key.account, keyId: key.id, ...window, now });
  return serializeUsageReport({ ...report, keyId: key.id });
}
