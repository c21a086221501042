import type { Store } from "../db/store";
import type { Account, User } from "../db/types";

export interface SessionUser {
  user: User;
  account: Account;
}

/** The user a session names, with their account; null when either is gone (a session outlives a deletion). */
export async function loadSessionUser(store: Store, userId: number | null): Promise<SessionUser | null> {
  if (userId === null) return null;
  const user = await store.accounts.getUser(userId);
  if (!user) return null;
  const account = await store.accounts.get(user.accountId);
  return account ? { user, account } : null;
}
