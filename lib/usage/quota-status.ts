import type { Store } from "../db/store";
import type { Account } from "../db/types";
import { graceLimit, PLAN_LIMITS } from "../plans";
import { billingMonth, resetsAt } from "../quota/credits";

/** An account's credits this billing month (contract §5.3, §6.13 `quota`). */
export interface QuotaStatus {
  monthlyLimit: number;
  monthlyUsed: number;
  /** Whole percent, floor(100 × used / limit); above 100 in the grace band. */
  pctUsed: number;
  graceLimit: number;
  resetsAtMs: number;
  /** `monthly_limit ≤ used`: requests are still served until the grace limit. */
  inGrace: boolean;
  /** No request that costs credits will be served until the reset. */
  exhausted: boolean;
}

export async function getQuotaStatus(store: Store, account: Account, now: number): Promise<QuotaStatus> {
  const monthlyLimit = PLAN_LIMITS[account.plan].monthlyCredits;
  const grace = graceLimit(monthlyLimit);
  const monthlyUsed = await store.credits.used(account.id, billingMonth(now));
  return {
    monthlyLimit,
    monthlyUsed,
    pctUsed: Math.floor((100 * monthlyUsed) / monthlyLimit),
    graceLimit: grace,
    resetsAtMs: resetsAt(now),
    inGrace: monthlyUsed >= monthlyLimit,
    exhausted: monthlyUsed >= grace,
  };
}
