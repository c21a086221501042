import { otherMethods } from "@/lib/api/method-not-allowed";
import type { RawInput } from "@/lib/api/with-api-key";
import { withApiKey } from "@/lib/api/with-api-key";
import { BacktestBody, backtestJson, BacktestQuery, runBacktest } from "@/lib/events/backtest";
import { PreparedJson } from "@/lib/serving/prepared-json";

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

// Pages are written by backtestJson, which passes each logged payload through as text.
const json = (body: Buffer) => new PreparedJson(body);

export const GET = withApiKey(
  { route: "/v1/backtest", minPlan: "pro", query: BacktestQuery, cost },
  async ({ deps, query, now }) => json(backtestJson(await runBacktest(deps.store, query, now))),
);

export const POST = withApiKey(
  { route: "/v1/backtest", minPlan: "pro", body: BacktestBody, cost },
  async ({ deps, body, now }) => json(backtestJson(await runBacktest(deps.store, body, now))),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
