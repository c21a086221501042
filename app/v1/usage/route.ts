import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { getKeyUsage } from "@/lib/usage/key-usage";
import { UsageQuery } from "@/lib/usage/usage-window";

// Free of charge and closed to the demo key (contract §5.2, §7.8). Buffered usage rows are flushed first, so
// the report counts the caller's latest requests.
export const GET = withApiKey(
  { route: "/v1/usage", query: UsageQuery, cost: 0, allowDemo: false },
  async ({ deps, key, query, now }) => {
    await deps.usage.flush();
    return getKeyUsage(deps.store, key, query, now);
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
