import type { Plan } from "../db/types";
import { DomainError } from "../errors";
import type { VerifiedKey } from "../keys/verify-key";
import { planAtLeast } from "../plans";
import type { ApiDeps } from "./deps";
import type { ApiRequest } from "./with-api-key";

/** Reads the key from `Authorization: Bearer` (preferred) or the deprecated `?api_key=`; the header wins. */
export async function authenticate(
  req: ApiRequest,
  url: URL,
  deps: ApiDeps,
): Promise<{ key: VerifiedKey; deprecated: boolean }> {
  const header = req.headers.get("authorization");
  let token: string | null = null;
  let deprecated = false;
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new DomainError("invalid_api_key", 401, "Authorization header must be 'Bearer <key>'");
    token = m[1] ?? null;
  } else if (url.searchParams.has("api_key")) {
    token = url.searchParams.get("api_key");
    deprecated = true;
  }
  if (!token)
    throw new DomainError(
      "missing_api_key",
      401,
      "an API key is required: send 'Authorization: Bearer <key>'",
    );
  const key = await deps.keys.verify(token);
  if (!key) throw new DomainError("invalid_api_key", 401, "the API key is malformed, unknown or revoked");
  return { key, deprecated };
}

export function assertScope(key: VerifiedKey, scope: string): void {
  if (key.scopes.includes(scope) || key.scopes.includes("admin")) return;
  throw new DomainError("insufficient_scope", 403, `this key lacks the '${scope}' scope`, {
    required_scope: scope,
  });
}

export function assertPlan(key: VerifiedKey, min: Plan | undefined, feature = "this endpoint"): void {
  if (!min || planAtLeast(key.account.plan, min)) return;
  throw new DomainError("tier_required", 403, `${feature} needs the ${min} plan or above`, {
    required_tier: min,
  });
}
