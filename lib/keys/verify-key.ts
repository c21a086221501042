import type { Store } from "../db/store";
import type { Account, ApiKey } from "../db/types";
import { DEFAULT_DEMO_KEY, generateKeyId, hashKey, KEY_PATTERN, keyPrefix } from "./key-format";

export type VerifiedKey = ApiKey & { account: Account; isDemo: boolean };

const CACHE_TTL_MS = 30_000;

/**
 * Looks keys up by hash through a small cache. Revocation through `invalidate` takes effect
 * at once in this process; revocations made by another process are seen within the cache TTL.
 */
export class KeyVerifier {
  private cache = new Map<string, { key: VerifiedKey | null; until: number }>();
  private pendingTouch = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(plaintext: string): Promise<VerifiedKey | null> {
    if (!KEY_PATTERN.test(plaintext)) return null;
    const hash = hashKey(plaintext);
    const at = this.now();
    const hit = this.cache.get(hash);
    let key: VerifiedKey | null;
    if (hit && hit.until > at) key = hit.key;
    else {
      const row = await this.store.keys.findByHash(hash);
      key = row ? { ...row, isDemo: row.account.isDemo } : null;
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, { key, until: at + CACHE_TTL_MS });
    }
    if (!key || key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= at)) return null;
    this.pendingTouch.set(key.id, at);
    return key;
  }

  invalidate(keyHash: string): void {
    this.cache.delete(keyHash);
  }

  /** Writes batched `last_used_at` values; called on a timer, so verification never waits on a write. */
  async flushLastUsed(): Promise<void> {
    if (this.pendingTouch.size === 0) return;
    const batch = this.pendingTouch;
    this.pendingTouch = new Map();
    await this.store.keys.touch(batch);
  }
}

/** Makes sure the published demo key exists on the sandbox account. */
export async function ensureDemoKey(
  store: Store,
  demoKey = DEFAULT_DEMO_KEY,
  now = Date.now(),
): Promise<void> {
  const hash = hashKey(demoKey);
  if (await store.keys.findByHash(hash)) return;
  const account = await store.accounts.ensureDemoAccount();
  const insert = store.keys.insert({
    id: generateKeyId(),
    accountId: account.id,
    name: "sandbox demo",
    keyHash: hash,
    prefix: keyPrefix(demoKey),
    scopes: ["read"],
    createdAt: now,
    expiresAt: null,
  });
  // Two processes starting together may both try; the loser finds the winner's row.
  await insert.catch(async (e: unknown) => {
    if (!(await store.keys.findByHash(hash))) throw e;
  });
}
