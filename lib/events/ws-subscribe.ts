import type { Store } from "../db/store";
import type { Plan } from "../db/types";
import { planAtLeast } from "../plans";
import { compileFilters, echoFilters, SubscribeFilters, type CompiledFilters } from "./filters";

export type SubscribeOutcome =
  | { ok: true; filters: CompiledFilters; reply: Record<string, unknown>; needsPro: boolean }
  | { ok: false; code: string; error: string };

/**
 * Validates a `subscribe` message's filters (contract §8.3) for a plan and compiles them; the reply is the
 * `subscribed` message. Pro-only fields on a lower plan reject the whole subscribe.
 */
export async function parseSubscribe(
  store: Store,
  plan: Plan,
  rawFilters: unknown,
): Promise<SubscribeOutcome> {
  const parsed = SubscribeFilters.safeParse(rawFilters ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      code: "invalid_filter",
      error: `${issue?.path.join(".") || "filters"}: ${issue?.message}`,
    };
  }
  const f = parsed.data;
  const count = f.embedding_filters?.length ?? 0;
  // ticker.news is a pro event (contract §9.6): asking for it by topic or type needs pro as the filter does.
  const wantsTickers =
    (f.tickers?.length ?? 0) > 0 ||
    (f.types ? f.types.includes("ticker.news") : (f.topics ?? []).includes("tickers"));
  const needsPro = Boolean(f.include_embeddings || count > 0 || wantsTickers);
  if (needsPro && !planAtLeast(plan, "pro")) {
    return {
      ok: false,
      code: "tier_required",
      error: "include_embeddings, embedding_filters, tickers and the tickers topic need the pro plan",
    };
  }
  return {
    ok: true,
    filters: compileFilters(f),
    needsPro,
    reply: {
      type: "subscribed",
      ...(count > 0 ? { embedding_filters: count } : {}),
      filters: echoFilters(f),
    },
  };
}
