import { NotFoundError } from "../../errors";
import type { AccountContext } from "./context";
import { toKeyView, type KeyView } from "./key-view";

/**
 * Revokes one of the account's keys. The API's key cache is invalidated too, so the very next request with the
 * key gets a 401. Revoking a revoked key changes nothing.
 */
export async function revokeAccountKey(ctx: AccountContext, keyId: string): Promise<KeyView> {
  const key = await ctx.store.keys.get(ctx.account.id, keyId);
  if (!key) throw new NotFoundError("key", keyId);
  await ctx.store.keys.revoke(ctx.account.id, keyId, ctx.now);
  ctx.keyCache.invalidate(key.keyHash);
  const after = await ctx.store.keys.get(ctx.account.id, keyId);
  return toKeyView(after ?? key, ctx.now);
}
