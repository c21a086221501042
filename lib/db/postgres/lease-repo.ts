import { sql } from "kysely";

import type { LeaseRepo } from "../store";
import type { PgDb } from "./connect";

/**
 * Named leases on PostgreSQL. Each verb is one statement: an acquire is an insert whose conflict updates the row
 * only when it is free, expired or already the holder's; PostgreSQL locks the row and re-tests that condition on
 * its latest committed version, so two processes racing for a free lease cannot both win. A release only expires
 * the lease and keeps the holder's name (see `LeaseRepo.renew`).
 */
export function pgLeaseRepo(db: PgDb): LeaseRepo {
  return {
    async acquire(name, holder, ttlMs, now) {
      const rows = await db
        .insertInto("leases")
        .values({ name, holder, expires_at: now + ttlMs })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet((eb) => ({
              holder: eb.ref("excluded.holder"),
              expires_at: eb.ref("excluded.expires_at"),
            }))
            .where((eb) =>
              eb.or([
                eb("leases.holder", "=", eb.ref("excluded.holder")),
                eb("leases.expires_at", "<=", now),
              ]),
            ),
        )
        .returning("name")
        .execute();
      return rows.length === 1;
    },
    async renew(name, holder, ttlMs, now) {
      const r = await db
        .updateTable("leases")
        .set({ expires_at: now + ttlMs })
        .where("name", "=", name)
        .where("holder", "=", holder)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async release(name, holder) {
      await db
        .updateTable("leases")
        .set({ expires_at: 0 })
        .where("name", "=", name)
        .where("holder", "=", holder)
        .execute();
    },
    async countActive(prefix, now, except) {
      // starts_with takes the prefix as it is (no LIKE patterns) and compares code points whatever the collation.
      const r = await db
        .selectFrom("leases")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(sql<boolean>`starts_with(name, ${prefix})`)
        .where("expires_at", ">", now)
        .where("holder", "<>", except)
        .executeTakeFirstOrThrow();
      return r.n;
    },
  };
}
