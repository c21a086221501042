import type { ApiKey } from "../../db/types";

export type KeyStatus = "active" | "expiring" | "expired" | "revoked";

/** A key as the dashboard shows it: never its hash, and the secret only once, at creation. */
export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
  status: KeyStatus;
}

export function keyStatus(k: Pick<ApiKey, "revokedAt" | "expiresAt">, now: number): KeyStatus {
  if (k.revokedAt !== null) return "revoked";
  if (k.expiresAt !== null) return k.expiresAt <= now ? "expired" : "expiring";
  return "active";
}

export function toKeyView(k: ApiKey, now: number): KeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    expiresAt: k.expiresAt,
    revokedAt: k.revokedAt,
    status: keyStatus(k, now),
  };
}
