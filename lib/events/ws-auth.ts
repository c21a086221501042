import type { IncomingMessage } from "node:http";

import type { KeyVerifier, VerifiedKey } from "../keys/verify-key";
import { PLAN_LIMITS, planAtLeast } from "../plans";

/** Close codes of contract §8.6. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  internal: 1011,
  auth: 4001,
  forbidden: 4003,
  heartbeat: 4008,
  tooMany: 4029,
} as const;

export type WsAuthResult =
  | { ok: true; key: VerifiedKey }
  | { ok: false; close: number; code: string; message: string };

/** The key of an upgrade request: `?token=` (as the official client sends it), else `Authorization: Bearer`. */
export function upgradeToken(req: IncomingMessage): string | null {
  const url = new URL(req.url ?? "/ws", "http://localhost");
  const header = req.headers.authorization;
  return (
    url.searchParams.get("token") ?? (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? null
  );
}

/** The request path with every credential-bearing query value replaced, for logs. */
export function redactedUrl(rawUrl: string | undefined): string {
  return (rawUrl ?? "/ws").replace(/([?&](?:token|api_key)=)[^&#]*/gi, "$1[redacted]");
}

/**
 * Contract §8.1: a valid key (else 4001), a paid plan and not the demo key, and the `ws:connect` scope (else
 * 4003). The connection cap is checked by the caller, synchronously with taking the slot.
 */
export async function authorizeUpgrade(keys: KeyVerifier, token: string | null): Promise<WsAuthResult> {
  const key = token ? await keys.verify(token) : null;
  if (!key) {
    return {
      ok: false,
      close: CLOSE.auth,
      code: token ? "invalid_api_key" : "missing_api_key",
      message: "the API key is missing, malformed, unknown or revoked",
    };
  }
  return authorizeKey(key);
}

/**
 * The check of an open connection's key as the database holds it now (`null`: revoked, expired or deleted →
 * 4001), run again while the connection lives so revocation, rotation and plan changes close it.
 */
export function reauthorize(key: VerifiedKey | null): WsAuthResult {
  if (!key) {
    return {
      ok: false,
      close: CLOSE.auth,
      code: "invalid_api_key",
      message: "the API key was revoked or has expired",
    };
  }
  return authorizeKey(key);
}

function authorizeKey(key: VerifiedKey): WsAuthResult {
  // The plan is checked before the scope: a free account cannot hold ws:connect at all, so the plan is the
  // actionable reason.
  if (key.isDemo || !planAtLeast(key.account.plan, "starter")) {
    return {
      ok: false,
      close: CLOSE.forbidden,
      code: "tier_required",
      message: "the live feed needs a paid plan (starter or above)",
    };
  }
  if (!key.scopes.includes("ws:connect") && !key.scopes.includes("admin")) {
    return {
      ok: false,
      close: CLOSE.forbidden,
      code: "insufficient_scope",
      message: "this key lacks the 'ws:connect' scope",
    };
  }
  return { ok: true, key };
}

/** The 4029 refusal when the account already holds its plan's number of connections (contract §5.1). */
export function capRefusal(key: VerifiedKey, open: number): WsAuthResult | null {
  if (open < PLAN_LIMITS[key.account.plan].wsConnections) return null;
  return {
    ok: false,
    close: CLOSE.tooMany,
    code: "too_many_connections",
    message: "the account's concurrent connection limit is reached",
  };
}
