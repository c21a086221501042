import { z } from "zod";

import { DomainError, NotFoundError } from "../../errors";
import { generateKey, generateKeyId, hashKey, keyPrefix } from "../../keys/key-format";
import { planAtLeast } from "../../plans";
import type { AccountContext } from "./context";
import type { IssuedKey } from "./create-key";
import { toKeyView, type KeyView } from "./key-view";

export const MAX_GRACE_SECONDS = 30 * 86_400;

export const RotateKeyBody = z.object({
  /** How long the old key keeps working; 0 retires it at once. */
  grace_seconds: z.number().int().min(0).max(MAX_GRACE_SECONDS),
});
export type RotateKeyBody = z.infer<typeof RotateKeyBody>;

/**
 * Replaces a live key with a new one of the same name and scopes. The old key stays valid for the grace period
 * (so deployed clients can be switched over), then the API refuses it.
 */
export async function rotateAccountKey(
  ctx: AccountContext,
  keyId: string,
  input: RotateKeyBody,
): Promise<IssuedKey & { previous: KeyView }> {
  const old = await ctx.store.keys.get(ctx.account.id, keyId);
  if (!old) throw new NotFoundError("key", keyId);
  // A plan downgrade may have left the old key with a scope the plan no longer allows.
  const scopes = old.scopes.filter((s) => s !== "ws:connect" || planAtLeast(ctx.account.plan, "starter"));
  const secret = generateKey("live");
  const next = {
    id: generateKeyId(),
    accountId: ctx.account.id,
    name: old.name,
    keyHash: hashKey(secret),
    prefix: keyPrefix(secret),
    scopes,
    createdAt: ctx.now,
    expiresAt: null,
  };
  const until = ctx.now + input.grace_seconds * 1000;
  if (!(await ctx.store.keys.rotate(ctx.account.id, keyId, next, until))) {
    throw new DomainError("key_not_active", 409, "only an active key can be rotated", { key_id: keyId });
  }
  ctx.keyCache.invalidate(old.keyHash);
  const [created, previous] = await Promise.all([
    ctx.store.keys.get(ctx.account.id, next.id),
    ctx.store.keys.get(ctx.account.id, keyId),
  ]);
  if (!created || !previous) throw new Error(`key rotation of ${keyId} left no trace`);
  return { secret, key: toKeyView(created, ctx.now), previous: toKeyView(previous, ctx.now) };
}
