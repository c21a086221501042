import type { Db } from "../open-db";
import type {
  AccountRepo,
  AccountSummary,
  EmailVerificationRepo,
  KeyRepo,
  UsageAggregate,
  UsageRepo,
  VerificationOutcome,
} from "../store";
import type { Account, ApiKey, Plan, User } from "../types";

interface AccountRow {
  id: number;
  name: string;
  plan: Plan;
  is_demo: number;
  created_at: number;
}
interface UserRow {
  id: number;
  email: string;
  name: string | null;
  password_hash: string | null;
  account_id: number;
  created_at: number;
  email_verified_at: number | null;
}
interface KeyRow {
  id: string;
  account_id: number;
  name: string;
  key_hash: string;
  prefix: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  plan: r.plan,
  isDemo: r.is_demo === 1,
  createdAt: r.created_at,
});
const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  passwordHash: r.password_hash,
  accountId: r.account_id,
  createdAt: r.created_at,
  emailVerifiedAt: r.email_verified_at,
});
const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  keyHash: r.key_hash,
  prefix: r.prefix,
  scopes: r.scopes.split(",").filter(Boolean),
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
});

interface NewAccountWithUser {
  email: string;
  name?: string | null;
  plan: Plan;
  passwordHash?: string | null;
  emailVerifiedAt?: number | null;
}

/** Inserts an account and its first user; call inside a transaction. */
function insertAccountWithUser(
  db: Db,
  input: NewAccountWithUser,
  at: number,
): { account: Account; user: User } {
  const acc = db
    .prepare("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)")
    .run(input.name ?? input.email, input.plan, at);
  const user = db
    .prepare(
      `INSERT INTO users (email, name, password_hash, account_id, created_at, email_verified_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.email,
      input.name ?? null,
      input.passwordHash ?? null,
      acc.lastInsertRowid,
      at,
      input.emailVerifiedAt ?? null,
    );
  return {
    account: toAccount(
      db.prepare("SELECT * FROM accounts WHERE id = ?").get(acc.lastInsertRowid) as AccountRow,
    ),
    user: toUser(db.prepare("SELECT * FROM users WHERE id = ?").get(user.lastInsertRowid) as UserRow),
  };
}

export function sqliteAccountRepo(db: Db, now: () => number = Date.now): AccountRepo {
  const getAccount = db.prepare("SELECT * FROM accounts WHERE id = ?");
  const createTx = db.transaction((input: NewAccountWithUser) => insertAccountWithUser(db, input, now()));
  const demoTx = db.transaction(() => {
    const row = db.prepare("SELECT * FROM accounts WHERE is_demo = 1 ORDER BY id LIMIT 1").get() as
      | AccountRow
      | undefined;
    if (row) return toAccount(row);
    const info = db
      .prepare("INSERT INTO accounts (name, plan, is_demo, created_at) VALUES ('Sandbox demo', 'free', 1, ?)")
      .run(now());
    return toAccount(getAccount.get(info.lastInsertRowid) as AccountRow);
  });
  return {
    async createWithUser(input) {
      return createTx.immediate(input);
    },
    async findUserByEmail(email) {
      const r = db.prepare("SELECT * FROM users WHERE email = ?").get(email) as UserRow | undefined;
      return r ? toUser(r) : null;
    },
    async markEmailVerified(userId, at) {
      db.prepare("UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?").run(
        at,
        userId,
      );
    },
    async get(id) {
      const r = getAccount.get(id) as AccountRow | undefined;
      return r ? toAccount(r) : null;
    },
    async setPlan(id, plan) {
      db.prepare("UPDATE accounts SET plan = ? WHERE id = ?").run(plan, id);
    },
    async ensureDemoAccount() {
      return demoTx.immediate();
    },
    async getUser(userId) {
      const r = db.prepare("SELECT * FROM users WHERE id = ?").get(userId) as UserRow | undefined;
      return r ? toUser(r) : null;
    },
    async listAccounts() {
      const rows = db
        .prepare(
          `SELECT a.*,
             (SELECT group_concat(email, ',') FROM (SELECT email FROM users WHERE account_id = a.id ORDER BY id)) AS emails,
             (SELECT COUNT(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL
                AND (k.expires_at IS NULL OR k.expires_at > @now)) AS active_keys
           FROM accounts a ORDER BY a.id`,
        )
        .all({ now: now() }) as Array<AccountRow & { emails: string | null; active_keys: number }>;
      return rows.map(
        (r): AccountSummary => ({
          account: toAccount(r),
          emails: r.emails ? r.emails.split(",") : [],
          activeKeys: r.active_keys,
        }),
      );
    },
  };
}

interface VerificationRow {
  token_hash: string;
  email: string;
  user_id: number | null;
  name: string | null;
  password_hash: string | null;
  created_at: number;
  expires_at: number;
}

export function sqliteEmailVerificationRepo(db: Db): EmailVerificationRepo {
  const consumeTx = db.transaction((tokenHash: string, at: number): VerificationOutcome => {
    const row = db
      .prepare("DELETE FROM email_verifications WHERE token_hash = ? RETURNING *")
      .get(tokenHash) as VerificationRow | undefined;
    if (!row || row.expires_at <= at) return { status: "invalid" };
    if (row.user_id !== null) {
      // The email must still be the one the link was sent to.
      const user = db
        .prepare("SELECT * FROM users WHERE id = ? AND email = ?")
        .get(row.user_id, row.email) as UserRow | undefined;
      if (!user) return { status: "invalid" };
      db.prepare("UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?").run(
        at,
        user.id,
      );
      return {
        status: "verified",
        user: toUser({ ...user, email_verified_at: user.email_verified_at ?? at }),
        created: false,
      };
    }
    // A pending sign-up: its link proves the email; the account is created only now.
    db.prepare("DELETE FROM email_verifications WHERE email = ? AND user_id IS NULL").run(row.email);
    if (db.prepare("SELECT 1 FROM users WHERE email = ?").get(row.email)) return { status: "email_taken" };
    const { user } = insertAccountWithUser(
      db,
      {
        email: row.email,
        name: row.name,
        plan: "free",
        passwordHash: row.password_hash,
        emailVerifiedAt: at,
      },
      at,
    );
    return { status: "verified", user, created: true };
  });
  return {
    async insert(v) {
      db.prepare("DELETE FROM email_verifications WHERE expires_at <= ?").run(v.createdAt);
      db.prepare(
        `INSERT INTO email_verifications (token_hash, email, user_id, name, password_hash, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(v.tokenHash, v.email, v.userId, v.name, v.passwordHash, v.createdAt, v.expiresAt);
    },
    async countSince(email, since) {
      return (
        db
          .prepare("SELECT COUNT(*) AS n FROM email_verifications WHERE email = ? AND created_at >= ?")
          .get(email, since) as { n: number }
      ).n;
    },
    async consume(tokenHash, at) {
      return consumeTx.immediate(tokenHash, at);
    },
  };
}

export function sqliteKeyRepo(db: Db): KeyRepo {
  const byHash = db.prepare(
    `SELECT k.*, a.id AS a_id, a.name AS a_name, a.plan AS a_plan, a.is_demo AS a_is_demo, a.created_at AS a_created_at
     FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
  );
  const touch = db.prepare(
    "UPDATE api_keys SET last_used_at = MAX(COALESCE(last_used_at, 0), ?) WHERE id = ?",
  );
  const touchTx = db.transaction((m: Map<string, number>) => {
    for (const [id, at] of m) touch.run(at, id);
  });
  const insertKey = db.prepare(
    `INSERT INTO api_keys (id, account_id, name, key_hash, prefix, scopes, created_at, expires_at)
     VALUES (@id, @accountId, @name, @keyHash, @prefix, @scopes, @createdAt, @expiresAt)`,
  );
  const rotateTx = db.transaction(
    (accountId: number, oldKeyId: string, next: Omit<ApiKey, "lastUsedAt" | "revokedAt">, until: number) => {
      // The old key must still be live when the rotation commits: rotating a revoked or expired key would
      // hand out a replacement the owner already gave up.
      const changed = db
        .prepare(
          `UPDATE api_keys SET expires_at = MIN(COALESCE(expires_at, @until), @until)
           WHERE id = @id AND account_id = @account AND revoked_at IS NULL
             AND (expires_at IS NULL OR expires_at > @at)`,
        )
        .run({ until, id: oldKeyId, account: accountId, at: next.createdAt }).changes;
      if (changed === 0) return false;
      insertKey.run({ ...next, accountId, scopes: next.scopes.join(",") });
      return true;
    },
  );
  return {
    async insert(k) {
      db.prepare(
        `INSERT INTO api_keys (id, account_id, name, key_hash, prefix, scopes, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(k.id, k.accountId, k.name, k.keyHash, k.prefix, k.scopes.join(","), k.createdAt, k.expiresAt);
    },
    async findByHash(hash) {
      const r = byHash.get(hash) as
        | (KeyRow & { a_id: number; a_name: string; a_plan: Plan; a_is_demo: number; a_created_at: number })
        | undefined;
      if (!r) return null;
      return {
        ...toKey(r),
        account: toAccount({
          id: r.a_id,
          name: r.a_name,
          plan: r.a_plan,
          is_demo: r.a_is_demo,
          created_at: r.a_created_at,
        }),
      };
    },
    async list(accountId) {
      const rows = db
        .prepare("SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at DESC, id")
        .all(accountId) as KeyRow[];
      return rows.map(toKey);
    },
    async revoke(accountId, keyId, at) {
      return (
        db
          .prepare(
            "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL",
          )
          .run(at, keyId, accountId).changes > 0
      );
    },
    async touch(m) {
      touchTx.immediate(m);
    },
    async get(accountId, keyId) {
      const r = db.prepare("SELECT * FROM api_keys WHERE id = ? AND account_id = ?").get(keyId, accountId) as
        | KeyRow
        | undefined;
      return r ? toKey(r) : null;
    },
    async rotate(accountId, oldKeyId, next, oldExpiresAt) {
      return rotateTx.immediate(accountId, oldKeyId, next, oldExpiresAt);
    },
  };
}

export function sqliteUsageRepo(db: Db): UsageRepo {
  const insert = db.prepare(
    `INSERT INTO usage_records (key_id, account_id, ts, endpoint, status, bytes, latency_ms, credits)
     VALUES (@keyId, @accountId, @ts, @endpoint, @status, @bytes, @latencyMs, @credits)`,
  );
  const tx = db.transaction((records: Parameters<UsageRepo["insertMany"]>[0]) => {
    for (const r of records) insert.run(r);
  });
  return {
    async insertMany(records) {
      if (records.length) tx.immediate(records);
    },
    async aggregate(q) {
      return aggregateUsage(db, q);
    },
  };
}

const DAY_MS = 86_400_000;

function aggregateUsage(db: Db, q: Parameters<UsageRepo["aggregate"]>[0]): UsageAggregate {
  // The key filter is optional; "@key IS NULL OR key_id = @key" would keep SQLite off the (key_id, ts) index.
  const where = `account_id = @account AND ts >= @from AND ts <= @to${q.keyId ? " AND key_id = @key" : ""}`;
  const params = { account: q.accountId, from: q.from, to: q.to, key: q.keyId ?? null, top: q.topLimit };
  const totals = db
    .prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(status >= 400), 0) AS errors, COALESCE(SUM(bytes), 0) AS bytes,
         COALESCE(AVG(latency_ms), 0) AS latency FROM usage_records WHERE ${where}`,
    )
    .get(params) as { n: number; errors: number; bytes: number; latency: number };
  const top = db
    .prepare(
      `SELECT endpoint, COUNT(*) AS count FROM usage_records WHERE ${where}
       GROUP BY endpoint ORDER BY count DESC, endpoint LIMIT @top`,
    )
    .all(params) as Array<{ endpoint: string; count: number }>;
  const days = db
    .prepare(
      `SELECT (ts / ${DAY_MS}) * ${DAY_MS} AS day, COUNT(*) AS n, SUM(status >= 400) AS errors, SUM(bytes) AS bytes,
         AVG(latency_ms) AS latency FROM usage_records WHERE ${where} GROUP BY day ORDER BY day`,
    )
    .all(params) as Array<{ day: number; n: number; errors: number; bytes: number; latency: number }>;
  return {
    totalRequests: totals.n,
    totalErrors: totals.errors,
    totalBytes: totals.bytes,
    avgLatencyMs: totals.latency,
    topEndpoints: top,
    days: days.map((d) => ({
      dayMs: d.day,
      requests: d.n,
      errors: d.errors,
      bytes: d.bytes,
      avgLatencyMs: d.latency,
    })),
  };
}
