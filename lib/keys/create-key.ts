import type { Store } from "../db/store";
import type { Plan } from "../db/types";
import { ValidationError } from "../errors";
import { planAtLeast } from "../plans";
import { generateKey, generateKeyId, hashKey, keyPrefix } from "./key-format";

export const SCOPES = ["read", "write", "admin", "ws:connect"] as const;
export type Scope = (typeof SCOPES)[number];

export interface CreateKeyInput {
  email: string;
  plan?: Plan;
  scopes?: string[];
  name?: string;
  expiresAt?: number | null;
}

export interface CreatedKey {
  key: string;
  keyId: string;
  accountId: number;
  plan: Plan;
  scopes: string[];
  createdAccount: boolean;
}

/** Normalises a scope list: `read` is always included; unknown scopes and ws:connect on free plans are refused. */
export function normalizeScopes(scopes: string[] | undefined, plan: Plan): string[] {
  const set = new Set<string>(["read", ...(scopes ?? []).map((s) => s.trim()).filter(Boolean)]);
  for (const s of set) {
    if (!(SCOPES as readonly string[]).includes(s)) {
      throw new ValidationError(
        "invalid_parameter",
        `unknown scope "${s}" (expected one of ${SCOPES.join(", ")})`,
        {
          param: "scopes",
        },
      );
    }
  }
  if (set.has("ws:connect") && !planAtLeast(plan, "starter")) {
    throw new ValidationError("invalid_parameter", "ws:connect needs a paid plan (starter or above)", {
      param: "scopes",
    });
  }
  return SCOPES.filter((s) => set.has(s));
}

/**
 * Creates an API key for the user with this email, creating the user and an account on `plan` if needed.
 * Passing `plan` for an existing account changes that account's plan (operator action).
 * The plaintext key is returned once; only its SHA-256 is stored.
 */
export async function createKey(store: Store, input: CreateKeyInput, now = Date.now()): Promise<CreatedKey> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new ValidationError("invalid_parameter", `not an email address: ${input.email}`, {
      param: "email",
    });
  }
  let user = await store.accounts.findUserByEmail(email);
  let createdAccount = false;
  if (!user) {
    // The operator names the email: it counts as verified.
    user = (await store.accounts.createWithUser({ email, plan: input.plan ?? "free", emailVerifiedAt: now }))
      .user;
    createdAccount = true;
  }
  const account = await store.accounts.get(user.accountId);
  if (!account) throw new Error(`account ${user.accountId} of ${email} is missing`);
  let plan = account.plan;
  if (input.plan && input.plan !== plan) {
    await store.accounts.setPlan(account.id, input.plan);
    plan = input.plan;
  }
  const scopes = normalizeScopes(input.scopes, plan);
  const key = generateKey("live");
  const keyId = generateKeyId();
  await store.keys.insert({
    id: keyId,
    accountId: account.id,
    name: input.name?.trim() || "default",
    keyHash: hashKey(key),
    prefix: keyPrefix(key),
    scopes,
    createdAt: now,
    expiresAt: input.expiresAt ?? null,
  });
  return { key, keyId, accountId: account.id, plan, scopes, createdAccount };
}
