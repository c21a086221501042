import { otherMethods } from "@/lib/api/method-not-allowed";
import type { RawInput } from "@/lib/api/with-api-key";
import { withApiKey } from "@/lib/api/with-api-key";
import { BacktestBody, BacktestQuery } from "@/lib/events/backtest";
import { backtestReply } from "@/lib/events/backtest-reply";

// 10 credits per page, 10 more with embeddings or an embedding filter (contract §5.2).
const cost = ({ query, body }: RawInput) => {
  const b = (body ?? {}) as { include_embeddings?: unknown; embedding_filters?: unknown[] };
  const extra =
    query.include_embeddings === "true" ||
    query.include_embeddings === "1" ||
    b.include_embeddings === true ||
    (b.embedding_filters?.length ?? 0) > 0;
  return extra ? 20 : 10;
};

// Pages pass each logged payload through as text, are built a time slice at a time and streamed when large; an
// account has at most two heavy pages in flight (lib/events/backtest-reply.ts).
export const GET = withApiKey(
  { route: "/v1/backtest", minPlan: "pro", query: BacktestQuery, cost },
  async ({ deps, key, query, now }) => backtestReply(deps.store, key.account.id, query, now),
);

export const POST = withApiKey(
  { route: "/v1/backtest", minPlan: "pro", body: BacktestBody, cost },
  async ({ deps, key, body, now }) => backtestReply(deps.store, key.account.id, body, now),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
