import "server-only";

import type { Store } from "../db/store";
import type { User } from "../db/types";
import { DomainError } from "../errors";
import type { AuthGuard } from "./auth-guard";
import { burnPasswordCheck, verifyPassword } from "./password";
import { Email } from "./sign-up";

export interface PasswordSignIn {
  email: string;
  password: string;
  /** Client address, for the per-address limit. */
  ip: string;
}

/**
 * Checks an email and password under the guard's limits. Limits are checked before the password, so a blocked
 * caller learns nothing, and a success clears the email's failures. Unknown emails take as long as wrong
 * passwords and fail the same way.
 */
export async function signInWithPassword(
  store: Store,
  guard: AuthGuard,
  input: PasswordSignIn,
  now: number,
): Promise<User> {
  const parsed = Email.safeParse(input.email);
  const email = parsed.success ? parsed.data : input.email.trim().toLowerCase();
  const wait = Math.max(guard.email.blockedFor(email, now), guard.ip.blockedFor(input.ip, now));
  if (wait > 0) {
    throw new DomainError("rate_limited", 429, `too many failed sign-ins: try again in ${wait} s`, {
      retry_after: wait,
    });
  }
  const user = parsed.success ? await store.accounts.findUserByEmail(email) : null;
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password), false);
  if (!ok || !user) {
    guard.email.fail(email, now);
    guard.ip.fail(input.ip, now);
    throw new DomainError("invalid_credentials", 401, "wrong email or password");
  }
  guard.email.clear(email);
  return user;
}
