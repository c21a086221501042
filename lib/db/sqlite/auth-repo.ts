import type { Db } from "../open-db";
import type { AuthRepo, ThrottleRule } from "../store";

interface ThrottleRow {
  failures: number;
  last_at: number;
}

/** The wait a key's failures impose, counted from its last failure: none below the limit, then doubling. */
export function throttleWaitMs(rule: ThrottleRule, failures: number): number {
  if (failures < rule.limit) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(failures - rule.limit, 30));
}

export function sqliteAuthRepo(db: Db): AuthRepo {
  const getThrottle = db.prepare("SELECT failures, last_at FROM sign_in_throttle WHERE key = ?");
  const putThrottle = db.prepare(
    "INSERT OR REPLACE INTO sign_in_throttle (key, failures, last_at) VALUES (?, ?, ?)",
  );
  const forget = db.prepare("DELETE FROM sign_in_throttle WHERE last_at < ?");
  const clearKey = db.prepare("DELETE FROM sign_in_throttle WHERE key = ?");
  const refundKey = db.prepare("UPDATE sign_in_throttle SET failures = MAX(failures - 1, 0) WHERE key = ?");
  const bump = db.prepare(
    "UPDATE users SET session_version = session_version + 1 WHERE id = ? RETURNING session_version",
  );
  const setHash = db.prepare(
    `UPDATE users SET password_hash = ?, session_version = session_version + 1 WHERE id = ?
     RETURNING session_version`,
  );
  const voidResets = db.prepare(
    "UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL",
  );
  let claims = 0;

  // An immediate transaction takes SQLite's write lock before it reads, so two processes (or two awaits in one)
  // can never both see the last free attempt.
  const claimTx = db.transaction((rules: ThrottleRule[], now: number): number => {
    if (++claims % 100 === 0) forget.run(now - Math.max(...rules.map((r) => r.forgetMs)));
    let waitMs = 0;
    const counts = rules.map((rule) => {
      const row = getThrottle.get(rule.key) as ThrottleRow | undefined;
      if (!row || row.last_at <= now - rule.forgetMs) return 0;
      waitMs = Math.max(waitMs, row.last_at + throttleWaitMs(rule, row.failures) - now);
      return row.failures;
    });
    if (waitMs > 0) return Math.ceil(waitMs / 1000);
    rules.forEach((rule, i) => putThrottle.run(rule.key, (counts[i] as number) + 1, now));
    return 0;
  });
  const settleTx = db.transaction((clear: string[], refund: string[]) => {
    for (const k of clear) clearKey.run(k);
    for (const k of refund) refundKey.run(k);
  });
  const setPasswordTx = db.transaction((userId: number, hash: string, now: number): number => {
    const row = setHash.get(hash, userId) as { session_version: number } | undefined;
    if (!row) throw new Error(`user ${userId} is missing`);
    voidResets.run(now, userId);
    return row.session_version;
  });
  const consumeTx = db.transaction((tokenHash: string, hash: string, now: number): number | null => {
    const row = db
      .prepare(
        `UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING user_id`,
      )
      .get(now, tokenHash, now) as { user_id: number } | undefined;
    if (!row) return null;
    setPasswordTx(row.user_id, hash, now);
    return row.user_id;
  });

  return {
    async claimSignInAttempt(rules, now) {
      return claimTx.immediate(rules, now);
    },
    async settleSignIn(clear, refund) {
      settleTx.immediate(clear, refund);
    },
    async sessionVersion(userId) {
      const row = db.prepare("SELECT session_version FROM users WHERE id = ?").get(userId) as
        | { session_version: number }
        | undefined;
      return row ? row.session_version : null;
    },
    async bumpSessionVersion(userId) {
      const row = bump.get(userId) as { session_version: number } | undefined;
      if (!row) throw new Error(`user ${userId} is missing`);
      return row.session_version;
    },
    async setPassword(userId, passwordHash) {
      return setPasswordTx.immediate(userId, passwordHash, Date.now());
    },
    async insertPasswordReset(r) {
      db.prepare(
        "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      ).run(r.tokenHash, r.userId, r.createdAt, r.expiresAt);
    },
    async passwordResetUser(tokenHash, now) {
      const row = db
        .prepare(
          "SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
        )
        .get(tokenHash, now) as { user_id: number } | undefined;
      return row ? row.user_id : null;
    },
    async consumePasswordReset(tokenHash, passwordHash, now) {
      return consumeTx.immediate(tokenHash, passwordHash, now);
    },
  };
}
