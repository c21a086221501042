import { z } from "zod";

import { DomainError } from "../../errors";
import { createKey, SCOPES } from "../../keys/create-key";
import type { AccountContext } from "./context";
import { toKeyView, type KeyView } from "./key-view";

/** More live keys than this is a leak waiting to happen; revoke some first. */
export const MAX_LIVE_KEYS = 50;

export const CreateKeyBody = z.object({
  name: z.string().trim().min(1, "is required").max(100, "is at most 100 characters"),
  scopes: z.array(z.enum(SCOPES)).max(SCOPES.length).default(["read"]),
});
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

export interface IssuedKey {
  /** The plaintext key: shown once, never stored. */
  secret: string;
  key: KeyView;
}

/** Issues a key on the signed-in user's account; `read` is always included, `ws:connect` needs a paid plan. */
export async function createAccountKey(ctx: AccountContext, input: CreateKeyBody): Promise<IssuedKey> {
  const live = (await ctx.store.keys.list(ctx.account.id)).filter(
    (k) => k.revokedAt === null && (k.expiresAt === null || k.expiresAt > ctx.now),
  );
  if (live.length >= MAX_LIVE_KEYS) {
    throw new DomainError("key_limit_reached", 409, `an account holds at most ${MAX_LIVE_KEYS} live keys`, {
      max: MAX_LIVE_KEYS,
    });
  }
  const created = await createKey(
    ctx.store,
    { email: ctx.user.email, name: input.name, scopes: input.scopes },
    ctx.now,
  );
  const stored = await ctx.store.keys.get(ctx.account.id, created.keyId);
  if (!stored) throw new Error(`key ${created.keyId} vanished after creation`);
  return { secret: created.key, key: toKeyView(stored, ctx.now) };
}
