import type { AccountContext } from "./context";
import { toKeyView, type KeyView } from "./key-view";

/** The account's keys, newest first; live ones before revoked and expired ones. */
export async function listAccountKeys(ctx: Omit<AccountContext, "keyCache" | "user">): Promise<KeyView[]> {
  const keys = (await ctx.store.keys.list(ctx.account.id)).map((k) => toKeyView(k, ctx.now));
  const dead = (k: KeyView) => (k.status === "revoked" || k.status === "expired" ? 1 : 0);
  return keys.sort((a, b) => dead(a) - dead(b));
}
