import { sql, type Kysely, type Selectable } from "kysely";

import type {
  AccountRepo,
  AccountSummary,
  EmailVerificationRepo,
  KeyRepo,
  UsageAggregate,
  UsageAggregateQuery,
  UsageRepo,
  VerificationOutcome,
} from "../store";
import type { Account, ApiKey, Plan, User } from "../types";
import type { PgDb } from "./connect";
import type { Database } from "./schema";
import type { Accounts, ApiKeys, Users } from "./tables.generated";

/** The advisory lock (with hashtext of a lowercased email) that orders the consumption of one email's links. */
const EMAIL_LOCK = 0x1ede_0011;
/** The advisory lock that lets one process at a time create the demo account. */
const DEMO_LOCK = 0x1ede_0012;

const toAccount = (r: Selectable<Accounts>): Account => ({
  id: r.id,
  name: r.name,
  plan: r.plan as Plan,
  isDemo: r.is_demo,
  createdAt: r.created_at,
});
const toUser = (r: Selectable<Users>): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  passwordHash: r.password_hash,
  accountId: r.account_id,
  createdAt: r.created_at,
  emailVerifiedAt: r.email_verified_at,
});
const toKey = (r: Selectable<ApiKeys>): ApiKey => ({
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

/**
 * Emails compare case-insensitively, as the unique index users_email (on lower(email)) does, and through it and
 * email_verifications_email. Under the C collation lower() folds ASCII only, as SQLite's NOCASE did.
 */
const sameEmail = (column: string, email: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${email})`;

/** Inserts an account and its first user inside `trx`; a second user of an email (any case) fails the unique index. */
async function insertAccountWithUser(trx: Kysely<Database>, input: NewAccountWithUser, at: number) {
  const account = await trx
    .insertInto("accounts")
    .values({ name: input.name ?? input.email, plan: input.plan, created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  const user = await trx
    .insertInto("users")
    .values({
      email: input.email,
      name: input.name ?? null,
      password_hash: input.passwordHash ?? null,
      account_id: account.id,
      created_at: at,
      email_verified_at: input.emailVerifiedAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { account: toAccount(account), user: toUser(user) };
}

export function pgAccountRepo(db: PgDb, now: () => number = Date.now): AccountRepo {
  return {
    async createWithUser(input) {
      return db.transaction().execute((trx) => insertAccountWithUser(trx, input, now()));
    },
    async findUserByEmail(email) {
      const r = await db.selectFrom("users").selectAll().where(sameEmail("email", email)).executeTakeFirst();
      return r ? toUser(r) : null;
    },
    async markEmailVerified(userId, at) {
      await db
        .updateTable("users")
        .set((eb) => ({ email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(at)) }))
        .where("id", "=", userId)
        .execute();
    },
    async get(id) {
      const r = await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
      return r ? toAccount(r) : null;
    },
    async setPlan(id, plan) {
      await db.updateTable("accounts").set({ plan }).where("id", "=", id).execute();
    },
    async ensureDemoAccount() {
      // Under a lock, so processes starting at once create one demo account between them.
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${DEMO_LOCK})`.execute(trx);
        const row = await trx
          .selectFrom("accounts")
          .selectAll()
          .where("is_demo", "=", true)
          .orderBy("id")
          .limit(1)
          .executeTakeFirst();
        if (row) return toAccount(row);
        const created = await trx
          .insertInto("accounts")
          .values({ name: "Sandbox demo", plan: "free", is_demo: true, created_at: now() })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toAccount(created);
      });
    },
    async getUser(userId) {
      const r = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
      return r ? toUser(r) : null;
    },
    async listAccounts() {
      const at = now();
      const rows = await db
        .selectFrom("accounts as a")
        .selectAll("a")
        .select((eb) => [
          eb
            .selectFrom("users as u")
            .select(sql<string[]>`coalesce(array_agg(u.email ORDER BY u.id), '{}')`.as("emails"))
            .whereRef("u.account_id", "=", "a.id")
            .as("emails"),
          eb
            .selectFrom("api_keys as k")
            .select((k) => k.fn.countAll<number>().as("n"))
            .whereRef("k.account_id", "=", "a.id")
            .where("k.revoked_at", "is", null)
            .where((k) => k.or([k("k.expires_at", "is", null), k("k.expires_at", ">", at)]))
            .as("active_keys"),
        ])
        .orderBy("a.id")
        .execute();
      return rows.map(
        (r): AccountSummary => ({
          account: toAccount(r),
          emails: r.emails ?? [],
          activeKeys: r.active_keys ?? 0,
        }),
      );
    },
  };
}

export function pgEmailVerificationRepo(db: PgDb): EmailVerificationRepo {
  const consume = (trx: Kysely<Database>, tokenHash: string, at: number): Promise<VerificationOutcome> =>
    (async () => {
      // The links of one email are used one at a time: a pending sign-up drops the email's other pending links,
      // which a concurrent consumption of one of them would otherwise hold (and deadlock on).
      const target = await trx
        .selectFrom("email_verifications")
        .select("email")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      if (!target) return { status: "invalid" };
      await sql`SELECT pg_advisory_xact_lock(${EMAIL_LOCK}, hashtext(lower(${target.email})))`.execute(trx);
      const row = await trx
        .deleteFrom("email_verifications")
        .where("token_hash", "=", tokenHash)
        .returningAll()
        .executeTakeFirst();
      if (!row || row.expires_at <= at) return { status: "invalid" };
      if (row.user_id !== null) {
        // The email must still be the one the link was sent to.
        const user = await trx
          .updateTable("users")
          .set((eb) => ({ email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(at)) }))
          .where("id", "=", row.user_id)
          .where(sameEmail("email", row.email))
          .returningAll()
          .executeTakeFirst();
        if (!user) return { status: "invalid" };
        return { status: "verified", user: toUser(user), created: false };
      }
      // A pending sign-up: its link proves the email; the account is created only now.
      await trx
        .deleteFrom("email_verifications")
        .where(sameEmail("email", row.email))
        .where("user_id", "is", null)
        .execute();
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where(sameEmail("email", row.email))
        .executeTakeFirst();
      if (taken) return { status: "email_taken" };
      const account = await trx
        .insertInto("accounts")
        .values({ name: row.name ?? row.email, plan: "free", created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A sign-up committing the same email meanwhile wins the unique index: then the email is taken.
      const user = await trx
        .insertInto("users")
        .values({
          email: row.email,
          name: row.name,
          password_hash: row.password_hash,
          account_id: account.id,
          created_at: at,
          email_verified_at: at,
        })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!user) {
        await trx.deleteFrom("accounts").where("id", "=", account.id).execute();
        return { status: "email_taken" };
      }
      return { status: "verified", user: toUser(user), created: true };
    })();
  return {
    async insert(v) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("email_verifications").where("expires_at", "<=", v.createdAt).execute();
        await trx
          .insertInto("email_verifications")
          .values({
            token_hash: v.tokenHash,
            email: v.email,
            user_id: v.userId,
            name: v.name,
            password_hash: v.passwordHash,
            created_at: v.createdAt,
            expires_at: v.expiresAt,
          })
          .execute();
      });
    },
    async countSince(email, since) {
      const r = await db
        .selectFrom("email_verifications")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(sameEmail("email", email))
        .where("created_at", ">=", since)
        .executeTakeFirstOrThrow();
      return r.n;
    },
    async consume(tokenHash, at) {
      return db.transaction().execute((trx) => consume(trx, tokenHash, at));
    },
  };
}

export function pgKeyRepo(db: PgDb): KeyRepo {
  const keyValues = (k: Omit<ApiKey, "lastUsedAt" | "revokedAt">) => ({
    id: k.id,
    account_id: k.accountId,
    name: k.name,
    key_hash: k.keyHash,
    prefix: k.prefix,
    scopes: k.scopes.join(","),
    created_at: k.createdAt,
    expires_at: k.expiresAt,
  });
  return {
    async insert(k) {
      await db.insertInto("api_keys").values(keyValues(k)).execute();
    },
    async findByHash(hash) {
      const r = await db
        .selectFrom("api_keys as k")
        .innerJoin("accounts as a", "a.id", "k.account_id")
        .selectAll("k")
        .select([
          "a.id as a_id",
          "a.name as a_name",
          "a.plan as a_plan",
          "a.is_demo as a_is_demo",
          "a.created_at as a_created_at",
        ])
        .where("k.key_hash", "=", hash)
        .executeTakeFirst();
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
      const rows = await db
        .selectFrom("api_keys")
        .selectAll()
        .where("account_id", "=", accountId)
        .orderBy("created_at", "desc")
        .orderBy(sql`id COLLATE "C"`)
        .execute();
      return rows.map(toKey);
    },
    async revoke(accountId, keyId, at) {
      const r = await db
        .updateTable("api_keys")
        .set({ revoked_at: at })
        .where("id", "=", keyId)
        .where("account_id", "=", accountId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async touch(m) {
      if (m.size === 0) return;
      // One transaction, keys in id order (so two processes touching the same keys never deadlock).
      const ids = [...m.keys()].sort();
      await db.transaction().execute(async (trx) => {
        for (const id of ids)
          await trx
            .updateTable("api_keys")
            .set((eb) => ({
              last_used_at: eb.fn("greatest", [
                eb.fn.coalesce("last_used_at", eb.lit(0)),
                eb.val(m.get(id)!),
              ]),
            }))
            .where("id", "=", id)
            .execute();
      });
    },
    async get(accountId, keyId) {
      const r = await db
        .selectFrom("api_keys")
        .selectAll()
        .where("id", "=", keyId)
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      return r ? toKey(r) : null;
    },
    async rotate(accountId, oldKeyId, next, until) {
      // The old key must still be live when the rotation commits: the conditional update locks its row, so a
      // concurrent revocation either comes first (and nothing is rotated) or waits for the rotation.
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable("api_keys")
          .set((eb) => ({
            expires_at: eb.fn("least", [eb.fn.coalesce("expires_at", eb.val(until)), eb.val(until)]),
          }))
          .where("id", "=", oldKeyId)
          .where("account_id", "=", accountId)
          .where("revoked_at", "is", null)
          .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", next.createdAt)]))
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await trx
          .insertInto("api_keys")
          .values(keyValues({ ...next, accountId }))
          .execute();
        return true;
      });
    },
  };
}

const DAY_MS = 86_400_000;

export function pgUsageRepo(db: PgDb): UsageRepo {
  return {
    async insertMany(records) {
      if (!records.length) return;
      // One statement: all the records or none.
      await db
        .insertInto("usage_records")
        .values(
          records.map((r) => ({
            key_id: r.keyId,
            account_id: r.accountId,
            ts: r.ts,
            endpoint: r.endpoint,
            status: r.status,
            bytes: r.bytes,
            latency_ms: r.latencyMs,
            credits: r.credits,
          })),
        )
        .execute();
    },
    async aggregate(q) {
      return aggregateUsage(db, q);
    },
  };
}

async function aggregateUsage(db: PgDb, q: UsageAggregateQuery): Promise<UsageAggregate> {
  const base = db
    .selectFrom("usage_records")
    .where("account_id", "=", q.accountId)
    .where("ts", ">=", q.from)
    .where("ts", "<=", q.to)
    .$if(q.keyId !== undefined, (qb) => qb.where("key_id", "=", q.keyId!));
  const errors = sql<number>`count(*) FILTER (WHERE status >= 400)`;
  const [totals, top, days] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        errors.as("errors"),
        sql<number>`coalesce(sum(bytes), 0)`.as("bytes"),
        sql<number>`coalesce(avg(latency_ms), 0)`.as("latency"),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select((eb) => ["endpoint", eb.fn.countAll<number>().as("count")])
      .groupBy("endpoint")
      .orderBy("count", "desc")
      .orderBy(sql`endpoint COLLATE "C"`)
      .limit(q.topLimit)
      .execute(),
    base
      .select((eb) => [
        sql<number>`(ts / ${DAY_MS}) * ${DAY_MS}`.as("day"),
        eb.fn.countAll<number>().as("n"),
        errors.as("errors"),
        sql<number>`sum(bytes)`.as("bytes"),
        sql<number>`avg(latency_ms)`.as("latency"),
      ])
      .groupBy("day")
      .orderBy("day")
      .execute(),
  ]);
  return {
    totalRequests: totals.n,
    totalErrors: totals.errors,
    totalBytes: totals.bytes,
    avgLatencyMs: totals.latency,
    topEndpoints: top.map((t) => ({ endpoint: t.endpoint, count: t.count })),
    days: days.map((d) => ({
      dayMs: d.day,
      requests: d.n,
      errors: d.errors,
      bytes: d.bytes,
      avgLatencyMs: d.latency,
    })),
  };
}
