import type { CreditRepo } from "../store";
import type { PgDb } from "./connect";

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

export interface PgCreditRepo extends CreditRepo {
  /** Gives every held credit back (the store's close awaits it before the pool ends). */
  release(): Promise<void>;
}

/**
 * Monthly credits on PostgreSQL, charged in leases as the SQLite repository does (lib/db/sqlite/credit-repo.ts): a
 * request that finds no credits held by this process charges what it needs plus a small spare in one statement, an
 * insert whose conflict update re-tests the ceiling on the row's latest committed total (so processes sharing the
 * database never pass the ceiling together), and the next requests spend the spare in memory. Reported totals count
 * only what was spent. Held credits go back after a second without use and on `release`. The operations on one
 * account and month run one at a time in this process (the lease is read and written around a query).
 */
export function pgCreditRepo(db: PgDb): PgCreditRepo {
  const leases = new Map<string, Lease>();
  const queues = new Map<string, Promise<unknown>>();
  const keyOf = (accountId: number, month: string) => `${accountId}:${month}`;

  /** Runs `fn` after every earlier operation on `key` in this process. */
  const serial = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const prev = queues.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };

  const giveBack = async (cost: number, accountId: number, month: string) => {
    await db
      .updateTable("credit_usage")
      .set((eb) => ({ used: eb.fn("greatest", [eb.lit(0), eb("used", "-", cost)]) }))
      .where("account_id", "=", accountId)
      .where("month", "=", month)
      .execute();
  };
  const storedUsed = async (accountId: number, month: string) =>
    (
      await db
        .selectFrom("credit_usage")
        .select("used")
        .where("account_id", "=", accountId)
        .where("month", "=", month)
        .executeTakeFirst()
    )?.used ?? 0;
  /** Adds `cost` when the total stays within `ceiling`; the new total, or null. */
  const tryCharge = async (accountId: number, month: string, cost: number, ceiling: number) => {
    if (cost > ceiling) return null;
    const row = await db
      .insertInto("credit_usage")
      .values({ account_id: accountId, month, used: cost })
      .onConflict((oc) =>
        oc
          .columns(["account_id", "month"])
          .doUpdateSet((eb) => ({ used: eb("credit_usage.used", "+", eb.ref("excluded.used")) }))
          .where((eb) => eb(eb("credit_usage.used", "+", eb.ref("excluded.used")), "<=", ceiling)),
      )
      .returning("used")
      .executeTakeFirst();
    return row?.used ?? null;
  };

  const returnHeld = async (lease: Lease) => {
    clearTimeout(lease.timer);
    const key = keyOf(lease.accountId, lease.month);
    if (leases.get(key) !== lease) return;
    leases.delete(key);
    if (lease.unspent > 0) await giveBack(lease.unspent, lease.accountId, lease.month);
  };
  const touch = (lease: Lease) => {
    clearTimeout(lease.timer);
    lease.timer = setTimeout(() => {
      serial(keyOf(lease.accountId, lease.month), () => returnHeld(lease)).catch((e: Error) =>
        process.stderr.write(`lede: returning held credits failed: ${e.message}\n`),
      );
    }, IDLE_RETURN_MS);
    lease.timer.unref();
  };

  return {
    reserve(accountId, month, cost, ceiling) {
      const key = keyOf(accountId, month);
      return serial(key, async () => {
        let lease = leases.get(key);
        // What this process knows to be spent must stay within this request's ceiling, whatever the lease holds.
        if (lease && lease.total - lease.unspent + cost > ceiling) return null;
        if (!lease || lease.unspent < cost) {
          const need = cost - (lease?.unspent ?? 0);
          const known = lease?.total ?? (await storedUsed(accountId, month));
          const spare = Math.min(MAX_SPARE, Math.floor(Math.max(0, ceiling - known - need) * SPARE_SHARE));
          // With the spare first; if that passes the ceiling (another process spent meanwhile), exactly the need.
          let total = spare > 0 ? await tryCharge(accountId, month, need + spare, ceiling) : null;
          let got = need + spare;
          if (total === null) {
            total = await tryCharge(accountId, month, need, ceiling);
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
      });
    },
    refund(accountId, month, cost) {
      const key = keyOf(accountId, month);
      return serial(key, async () => {
        const lease = leases.get(key);
        if (lease) {
          lease.unspent += cost;
          touch(lease);
        } else await giveBack(cost, accountId, month);
      });
    },
    used(accountId, month) {
      const key = keyOf(accountId, month);
      return serial(key, async () => (await storedUsed(accountId, month)) - (leases.get(key)?.unspent ?? 0));
    },
    async release() {
      await Promise.all(
        [...leases.values()].map((lease) =>
          serial(keyOf(lease.accountId, lease.month), () => returnHeld(lease)),
        ),
      );
    },
  };
}
