import { createHash, randomBytes } from "node:crypto";

export const KEY_PATTERN = /^lede_(live|test)_[0-9a-f]{64}$/;

/** Only the SHA-256 of a key is stored; this is the lookup value. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A display prefix that identifies a key in the dashboard without revealing it. */
export function keyPrefix(key: string): string {
  return `${key.slice(0, 14)}…${key.slice(-4)}`;
}

export function generateKey(kind: "live" | "test" = "live"): string {
  return `lede_${kind}_${randomBytes(32).toString("hex")}`;
}

/** Public key id (contract §3.1): random, not derived from the secret. */
export function generateKeyId(): string {
  return `key_${randomBytes(8).toString("hex")}`;
}

/**
 * The published sandbox demo key (contract §3.1). It is public by design: read-only, 5 requests per minute,
 * never charged. Operators can replace it with LEDE_DEMO_KEY.
 */
export const DEFAULT_DEMO_KEY = `lede_test_${createHash("sha256").update("lede public sandbox demo key, v1").digest("hex")}`;
