import type { CreditRepo } from "../db/store";
import { graceLimit } from "../plans";

/** The billing month (UTC) a time falls in, as `YYYY-MM`. */
export function billingMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/** 00:00:00 UTC on the first day of the next month (contract §5.3 `resets_at_ms`). */
export function resetsAt(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export interface CreditCharge {
  ok: boolean;
  used: number;
  limit: number;
  grace: number;
  /** Undo the charge (the response was not a success). */
  refund(): Promise<void>;
}

/** Reserves `cost` credits atomically against the grace limit, before the handler runs. */
export async function reserveCredits(
  repo: CreditRepo,
  accountId: number,
  monthlyLimit: number,
  cost: number,
  now: number,
): Promise<CreditCharge> {
  const month = billingMonth(now);
  const grace = graceLimit(monthlyLimit);
  const noop = async () => undefined;
  if (cost === 0)
    return { ok: true, used: await repo.used(accountId, month), limit: monthlyLimit, grace, refund: noop };
  const used = await repo.reserve(accountId, month, cost, grace);
  if (used === null)
    return { ok: false, used: await repo.used(accountId, month), limit: monthlyLimit, grace, refund: noop };
  return { ok: true, used, limit: monthlyLimit, grace, refund: () => repo.refund(accountId, month, cost) };
}
