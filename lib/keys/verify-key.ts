import type { Store } from "../db/store";
import type { Account, ApiKey } from "../db/types";
import { DEFAULT_DEMO_KEY, generateKeyId, hashKey, KEY_PATTERN, keyPrefix } from "./key-format";

export type VerifiedKey = ApiKey & { account: Account; isDemo: boolean };

/** How long a looked-up key is trusted: a revocation, expiry or plan change made by another process (the CLI, a
 *  second server on the same database) reaches this one's REST checks within this time. */
const CACHE_TTL_MS = 1_000;

/**
 * Looks keys up by hash through a small cache. Revocation through `invalidate` takes effect
 * at once in this process; changes made by another process are seen within the cache TTL (1 s).
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
    const key = hit && hit.until > at ? hit.key : await this.load(hash, at);
    if (!isLive(key, at)) return null;
    this.pendingTouch.set(key.id, at);
    return key;
  }

  /**
   * The key with this hash as the database holds it now (bypassing the cache, whose entry is replaced), or null
   * when it is unknown, revoked or expired. Long-lived connections re-check their key with it.
   */
  async refresh(keyHash: string): Promise<VerifiedKey | null> {
    const at = this.now();
    const key = await this.load(keyHash, at);
    return isLive(key, at) ? key : null;
  }

  private async load(hash: string, at: number): Promise<VerifiedKey | null> {
    const row = await this.store.keys.findByHash(hash);
    const key = row ? { ...row, isDemo: row.account.isDemo } : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { key, until: at + CACHE_TTL_MS });
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

function isLive(key: VerifiedKey | null, at: number): key is VerifiedKey {
  return key !== null && key.revokedAt === null && (key.expiresAt === null || key.expiresAt > at);
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
