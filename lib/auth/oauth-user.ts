import "server-only";

import type { Store } from "../db/store";
import type { User } from "../db/types";

/**
 * The user for an OAuth sign-in: the one with this (provider-verified) email, or a new user on a new free
 * account. A user that signed up with a password can thus also sign in with GitHub under the same email.
 */
export async function findOrCreateOAuthUser(store: Store, email: string, name: string | null): Promise<User> {
  const normalized = email.trim().toLowerCase();
  const existing = await store.accounts.findUserByEmail(normalized);
  if (existing) return existing;
  try {
    return (await store.accounts.createWithUser({ email: normalized, name, plan: "free" })).user;
  } catch (e) {
    const raced = await store.accounts.findUserByEmail(normalized);
    if (raced) return raced;
    throw e;
  }
}
