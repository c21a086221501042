import type { Store } from "../db/store";
import type { Account, User } from "../db/types";
import type { SessionClaims } from "./session-token";

export interface SessionUser {
  user: User;
  account: Account;
}

/**
 * The user a session names, with their account; null when either is gone (a session outlives a deletion) or when
 * the session was issued under an older session version (signed out everywhere, or the password changed since).
 */
export async function loadSessionUser(
  store: Store,
  claims: SessionClaims | null,
): Promise<SessionUser | null> {
  if (claims === null || !(await sessionIsCurrent(store, claims))) return null;
  const user = await store.accounts.getUser(claims.userId);
  if (!user) return null;
  const account = await store.accounts.get(user.accountId);
  return account ? { user, account } : null;
}

/** Whether the session's version is still the user's (false for an unknown user). */
export async function sessionIsCurrent(store: Store, claims: SessionClaims): Promise<boolean> {
  return (await store.auth.sessionVersion(claims.userId)) === claims.version;
}
