import "server-only";

import type { Store } from "../db/store";
import type { User } from "../db/types";
import { DomainError } from "../errors";

/**
 * The user for an OAuth sign-in: the one with this (provider-verified) email, or a new user on a new free account
 * with the email marked verified. A user that signed up with a password can also sign in with GitHub under the
 * same email, but only once that email is verified: anyone can sign up with someone else's address, and linking
 * the address owner's GitHub login to such an account would hand the owner's sessions to whoever chose its
 * password. An unverified account is refused (users' emails are unique, so no second account can take it); its
 * owner confirms the email first (the sign-up link, or the operator's `lede accounts verify-link`).
 */
export async function findOrCreateOAuthUser(
  store: Store,
  email: string,
  name: string | null,
  now = Date.now(),
): Promise<User> {
  const normalized = email.trim().toLowerCase();
  const existing = await store.accounts.findUserByEmail(normalized);
  if (existing) return linkable(existing);
  try {
    return (
      await store.accounts.createWithUser({ email: normalized, name, plan: "free", emailVerifiedAt: now })
    ).user;
  } catch (e) {
    const raced = await store.accounts.findUserByEmail(normalized);
    if (raced) return linkable(raced);
    throw e;
  }
}

function linkable(user: User): User {
  if (user.emailVerifiedAt !== null) return user;
  throw new DomainError(
    "email_unverified",
    403,
    "an account with this email awaits confirmation: confirm the email, then sign in with GitHub",
  );
}
