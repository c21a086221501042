import type { Metadata } from "next";

import { PageHeader } from "@/components/ui/page-header";
import { UsageDashboard } from "@/components/usage/usage-dashboard";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { getAppContext } from "@/lib/context";
import { getAccountUsage } from "@/lib/usage/account-usage";
import { toUsageView } from "@/lib/usage/chart-data";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage() {
  const { account } = await requireSession("/usage");
  const ctx = await getAppContext();
  await ctx.usage.flush();
  const now = requestTime();
  const [report, keys] = await Promise.all([
    getAccountUsage(ctx.store, account, { days: 30 }, now),
    ctx.store.keys.list(account.id),
  ]);
  return (
    <>
      <PageHeader
        title="Usage"
        description="Credits, requests, errors and latency of your API keys, by UTC day. The same figures GET /v1/usage reports."
      />
      <UsageDashboard
        initial={toUsageView(report)}
        keys={keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix }))}
      />
    </>
  );
}
