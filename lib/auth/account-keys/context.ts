import type { Store } from "../../db/store";
import type { Account, User } from "../../db/types";

/** What a signed-in user's key operations need: the store, who they are, and the verifier's cache. */
export interface AccountContext {
  store: Store;
  user: User;
  account: Account;
  /** Drops a key from the API's lookup cache, so a change takes effect on the next request. */
  keyCache: { invalidate(keyHash: string): void };
  now: number;
}
