import { withSession } from "@/lib/api/with-session";
import { AccountUsageQuery, getAccountUsage } from "@/lib/usage/account-usage";
import { toUsageView } from "@/lib/usage/chart-data";

// Buffered usage rows are flushed first, so the page counts requests made a moment ago.
export const GET = withSession({ query: AccountUsageQuery }, async ({ deps, account, query, now }) => {
  await deps.usage.flush();
  return toUsageView(await getAccountUsage(deps.store, account, query, now));
});
