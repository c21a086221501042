import { sql, type Kysely } from "kysely";

import { throttleWaitMs } from "../sqlite/auth-repo";
import type { AuthRepo, ThrottleRule } from "../store";
import type { PgDb } from "./connect";
import type { Database } from "./schema";

/** The advisory lock (with hashtext of a throttle key) a sign-in claim holds on each of its keys. */
const THROTTLE_LOCK = 0x1ede_0013;

/**
 * Sign-in limits, session versions and password resets on PostgreSQL. A claim locks its keys (advisory locks,
 * taken in one order so two claims never deadlock) before it reads them, so two processes can never both see the
 * last free attempt, even for a key that has no row yet.
 */
export function pgAuthRepo(db: PgDb): AuthRepo {
  let claims = 0;
  const setPassword = async (trx: Kysely<Database>, userId: number, hash: string, now: number) => {
    const row = await trx
      .updateTable("users")
      .set((eb) => ({ password_hash: hash, session_version: eb("session_version", "+", 1) }))
      .where("id", "=", userId)
      .returning("session_version")
      .executeTakeFirst();
    if (!row) throw new Error(`user ${userId} is missing`);
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    return row.session_version;
  };
  return {
    async claimSignInAttempt(rules: ThrottleRule[], now: number) {
      if (!rules.length) return 0;
      const forget = ++claims % 100 === 0;
      return db.transaction().execute(async (trx) => {
        const keys = [...new Set(rules.map((r) => r.key))];
        await sql`SELECT pg_advisory_xact_lock(${THROTTLE_LOCK}, h)
          FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest(${keys}::text[]) k ORDER BY 1) locks`.execute(
          trx,
        );
        if (forget)
          await trx
            .deleteFrom("sign_in_throttle")
            .where("last_at", "<", now - Math.max(...rules.map((r) => r.forgetMs)))
            .execute();
        const rows = await trx
          .selectFrom("sign_in_throttle")
          .select(["key", "failures", "last_at"])
          .where("key", "in", keys)
          .execute();
        const byKey = new Map(rows.map((r) => [r.key, r]));
        let waitMs = 0;
        const counts = rules.map((rule) => {
          const row = byKey.get(rule.key);
          if (!row || row.last_at <= now - rule.forgetMs) return 0;
          waitMs = Math.max(waitMs, row.last_at + throttleWaitMs(rule, row.failures) - now);
          return row.failures;
        });
        if (waitMs > 0) return Math.ceil(waitMs / 1000);
        // A key named by several rules ends as the last rule's count, as SQLite's INSERT OR REPLACE left it.
        const next = new Map(rules.map((rule, i) => [rule.key, counts[i]! + 1]));
        await trx
          .insertInto("sign_in_throttle")
          .values([...next].map(([key, failures]) => ({ key, failures, last_at: now })))
          .onConflict((oc) =>
            oc.column("key").doUpdateSet((eb) => ({
              failures: eb.ref("excluded.failures"),
              last_at: eb.ref("excluded.last_at"),
            })),
          )
          .execute();
        return 0;
      });
    },
    async settleSignIn(clear, refund) {
      if (!clear.length && !refund.length) return;
      await db.transaction().execute(async (trx) => {
        if (clear.length) await trx.deleteFrom("sign_in_throttle").where("key", "in", clear).execute();
        // Each key once per mention, as SQLite's loop did.
        for (const k of refund)
          await trx
            .updateTable("sign_in_throttle")
            .set((eb) => ({ failures: eb.fn("greatest", [eb("failures", "-", 1), eb.lit(0)]) }))
            .where("key", "=", k)
            .execute();
      });
    },
    async sessionVersion(userId) {
      const row = await db
        .selectFrom("users")
        .select("session_version")
        .where("id", "=", userId)
        .executeTakeFirst();
      return row ? row.session_version : null;
    },
    async bumpSessionVersion(userId) {
      const row = await db
        .updateTable("users")
        .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
        .where("id", "=", userId)
        .returning("session_version")
        .executeTakeFirst();
      if (!row) throw new Error(`user ${userId} is missing`);
      return row.session_version;
    },
    async setPassword(userId, passwordHash) {
      return db.transaction().execute((trx) => setPassword(trx, userId, passwordHash, Date.now()));
    },
    async insertPasswordReset(r) {
      await db
        .insertInto("password_resets")
        .values({
          token_hash: r.tokenHash,
          user_id: r.userId,
          created_at: r.createdAt,
          expires_at: r.expiresAt,
        })
        .execute();
    },
    async passwordResetUser(tokenHash, now) {
      const row = await db
        .selectFrom("password_resets")
        .select("user_id")
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return row ? row.user_id : null;
    },
    async consumePasswordReset(tokenHash, passwordHash, now) {
      // The conditional update locks the token's row: a second use waits, then finds it used.
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("password_resets")
          .set({ used_at: now })
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .where("expires_at", ">", now)
          .returning("user_id")
          .executeTakeFirst();
        if (!row) return null;
        await setPassword(trx, row.user_id, passwordHash, now);
        return row.user_id;
      });
    },
  };
}
