import { z } from "zod";

import { DomainError } from "../../errors";
import { createKey, SCOPES, type Scope } from "../../keys/create-key";
import type { AccountContext } from "./context";
import { toKeyView, type KeyView } from "./key-view";

/**
 * The scopes a key made in the dashboard may hold. `write` and `admin` (which passes every scope check) come only
 * from the operator's CLI (`lede keys create`): a signed-in user must not be able to raise their own rights.
 */
export const DASHBOARD_SCOPES = ["read", "ws:connect"] as const satisfies readonly Scope[];

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

/**
 * Issues a key on the signed-in user's account; `read` is always included, `ws:connect` needs a paid plan, and
 * any scope outside DASHBOARD_SCOPES is refused (403 scope_not_allowed).
 */
export async function createAccountKey(ctx: AccountContext, input: CreateKeyBody): Promise<IssuedKey> {
  const refused = input.scopes.filter((s) => !(DASHBOARD_SCOPES as readonly string[]).includes(s));
  if (refused.length) {
    throw new DomainError(
      "scope_not_allowed",
      403,
      `the dashboard issues only ${DASHBOARD_SCOPES.join(" and ")} keys; ${refused.join(" and ")} keys come from the operator's CLI`,
      { param: "scopes", refused, allowed: [...DASHBOARD_SCOPES] },
    );
  }
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
