import "server-only";

import type { Store, ThrottleRule } from "../db/store";
import type { User } from "../db/types";
import { DomainError } from "../errors";
import { burnPasswordCheck, verifyPassword } from "./password";
import { Email } from "./sign-up";

export interface PasswordSignIn {
  email: string;
  password: string;
  /** Client address, for the per-client limits. */
  ip: string;
}

const MINUTE = 60_000;

/**
 * The limits on failed sign-ins, kept in the database so every process counts the same attempts:
 * - per (account, client): 5 failures, then one try per wait, the wait doubling from 1 min up to 15 min. A guesser
 *   at one address is slowed to a crawl while the account's owner, elsewhere, signs in as usual.
 * - per account, from all clients: 50 failures, then waits from 1 min up to 5 min: guessing from many addresses
 *   stays slow, and the owner waits at most a few minutes.
 * - per client, over all accounts: 30 failures, then waits from 1 min up to 15 min (spraying one password over
 *   many accounts).
 * A success forgets its (account, client) failures. Failures are forgotten an hour after the last one.
 */
export function signInRules(email: string, ip: string): ThrottleRule[] {
  const forgetMs = 60 * MINUTE;
  return [
    { key: `pair:${email} ${ip}`, limit: 5, baseMs: MINUTE, maxMs: 15 * MINUTE, forgetMs },
    { key: `account:${email}`, limit: 50, baseMs: MINUTE, maxMs: 5 * MINUTE, forgetMs },
    { key: `client:${ip}`, limit: 30, baseMs: MINUTE, maxMs: 15 * MINUTE, forgetMs },
  ];
}

export interface SignInOptions {
  /** The password check; the real one unless a test counts calls through it. */
  verify?: (password: string, hash: string) => Promise<boolean>;
}

/**
 * Checks an email and password under the limits of `signInRules`. Each attempt is counted as a failure before
 * the password is checked, in one atomic step with the limit check, so parallel attempts cannot get more checks
 * than the limit allows; a success takes its count back. A blocked caller learns nothing. Unknown emails take as
 * long as wrong passwords and fail the same way.
 */
export async function signInWithPassword(
  store: Store,
  input: PasswordSignIn,
  now: number,
  opts: SignInOptions = {},
): Promise<User> {
  const parsed = Email.safeParse(input.email);
  // Malformed emails are limited too (cut to an email's longest length, as the limits are stored).
  const email = parsed.success ? parsed.data : input.email.trim().toLowerCase().slice(0, 254);
  const rules = signInRules(email, input.ip.slice(0, 100));
  const wait = await store.auth.claimSignInAttempt(rules, now);
  if (wait > 0) {
    throw new DomainError("rate_limited", 429, `too many failed sign-ins: try again in ${wait} s`, {
      retry_after: wait,
    });
  }
  const user = parsed.success ? await store.accounts.findUserByEmail(email) : null;
  const verify = opts.verify ?? verifyPassword;
  const ok = user?.passwordHash
    ? await verify(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password), false);
  if (!ok || !user) throw new DomainError("invalid_credentials", 401, "wrong email or password");
  const [pair, ...others] = rules.map((r) => r.key);
  await store.auth.settleSignIn([pair as string], others);
  return user;
}
