import type { Db } from "../open-db";
import type { CreditRepo } from "../store";

/** The most credits a process holds beyond what a request needs. */
const MAX_SPARE = 50;
/** A process holds at most this share of what is left below the ceiling, so the last credits stay exact. */
const SPARE_SHARE = 1 / 64;
/** Credits held this long without use go back to the account. */
const IDLE_RETURN_MS = 1_000;

interface Lease {
  accountId: number;
  month: string;
  /** Credits charged to the account in the database but not yet spent by a request of this process. */
  unspent: number;
  /** The account's total in the database after this process last wrote it. */
  total: number;
  timer?: NodeJS.Timeout;
}

/**
 * Monthly credits, charged against the database in leases: a request that finds no credits held by this process
 * charges what it needs plus a small spare in one atomic statement (the check and the charge together, so processes
 * sharing the file never pass the ceiling together), and the next requests spend the spare in memory. Reported
 * totals count only what was spent. Held credits go back after a second without use and when the store closes;
 * a process killed with -9 leaves at most its spare charged (MAX_SPARE, and never more than 1/64 of what was left).
 */
export function sqliteCreditRepo(db: Db): CreditRepo & { release(): void } {
  const charge = db
    .prepare(
      `INSERT INTO credit_usage (account_id, month, used) SELECT @account, @month, @cost WHERE @cost <= @ceiling
     ON CONFLICT(account_id, month) DO UPDATE SET used = used + @cost WHERE used + @cost <= @ceiling
     RETURNING used`,
    )
    .pluck();
  const giveBack = db.prepare(
    "UPDATE credit_usage SET used = MAX(0, used - ?) WHERE account_id = ? AND month = ?",
  );
  const usedStmt = db.prepare("SELECT used FROM credit_usage WHERE account_id = ? AND month = ?").pluck();
  const leases = new Map<string, Lease>();
  const keyOf = (accountId: number, month: string) => `${accountId}:${month}`;

  const returnHeld = (lease: Lease) => {
    clearTimeout(lease.timer);
    leases.delete(keyOf(lease.accountId, lease.month));
    if (lease.unspent > 0 && db.open) giveBack.run(lease.unspent, lease.accountId, lease.month);
  };
  const touch = (lease: Lease) => {
    clearTimeout(lease.timer);
    lease.timer = setTimeout(() => returnHeld(lease), IDLE_RETURN_MS);
    lease.timer.unref();
  };
  const tryCharge = (accountId: number, month: string, cost: number, ceiling: number) =>
    (charge.get({ account: accountId, month, cost, ceiling }) as number | undefined) ?? null;

  return {
    async reserve(accountId, month, cost, ceiling) {
      const key = keyOf(accountId, month);
      let lease = leases.get(key);
      // What this process knows to be spent must stay within this request's ceiling, whatever the lease holds.
      if (lease && lease.total - lease.unspent + cost > ceiling) return null;
      if (!lease || lease.unspent < cost) {
        const need = cost - (lease?.unspent ?? 0);
        const known = lease?.total ?? (usedStmt.get(accountId, month) as number | undefined) ?? 0;
        const spare = Math.min(MAX_SPARE, Math.floor(Math.max(0, ceiling - known - need) * SPARE_SHARE));
        // With the spare first; if that passes the ceiling (another process spent meanwhile), exactly the need.
        let total = spare > 0 ? tryCharge(accountId, month, need + spare, ceiling) : null;
        let got = need + spare;
        if (total === null) {
          total = tryCharge(accountId, month, need, ceiling);
          got = need;
        }
        if (total === null) return null;
        lease ??= { accountId, month, unspent: 0, total };
        lease.total = total;
        lease.unspent += got;
        leases.set(key, lease);
      }
      lease.unspent -= cost;
      touch(lease);
      return lease.total - lease.unspent;
    },
    async refund(accountId, month, cost) {
      const lease = leases.get(keyOf(accountId, month));
      if (lease) {
        lease.unspent += cost;
        touch(lease);
      } else giveBack.run(cost, accountId, month);
    },
    async used(accountId, month) {
      const used = (usedStmt.get(accountId, month) as number | undefined) ?? 0;
      return used - (leases.get(keyOf(accountId, month))?.unspent ?? 0);
    },
    release() {
      for (const lease of [...leases.values()]) returnHeld(lease);
    },
  };
}
