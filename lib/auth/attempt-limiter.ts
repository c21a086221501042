/**
 * Counts failed attempts per key (an email, an IP address) over a sliding window. Once `limit` failures fall
 * within `windowMs`, the key is blocked until the oldest of them leaves the window. Memory: at most `limit`
 * timestamps per key that failed recently.
 */
export class AttemptLimiter {
  private failures = new Map<string, number[]>();
  private calls = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Whole seconds until `key` may try again; 0 when it may now. */
  blockedFor(key: string, now: number): number {
    const log = this.live(key, now);
    if (log.length < this.limit) return 0;
    return Math.max(1, Math.ceil(((log[0] ?? now) + this.windowMs - now) / 1000));
  }

  fail(key: string, now: number): void {
    if (++this.calls % 1_000 === 0) this.sweep(now);
    const log = this.live(key, now);
    log.push(now);
    if (log.length > this.limit) log.splice(0, log.length - this.limit);
    this.failures.set(key, log);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private live(key: string, now: number): number[] {
    const log = this.failures.get(key) ?? [];
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < log.length && (log[drop] as number) <= cutoff) drop++;
    if (drop) log.splice(0, drop);
    return log;
  }

  private sweep(now: number): void {
    for (const [k, log] of this.failures) {
      if ((log[log.length - 1] ?? 0) <= now - this.windowMs) this.failures.delete(k);
    }
  }
}
