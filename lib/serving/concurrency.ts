/**
 * At most `max` requests of one kind in flight per account, in this process. A slot is taken synchronously, so
 * simultaneous requests cannot overshoot; the returned function gives it back (once).
 */
export class PerAccountConcurrency {
  private open = new Map<number, number>();

  constructor(readonly max: number) {}

  acquire(accountId: number): (() => void) | null {
    const n = this.open.get(accountId) ?? 0;
    if (n >= this.max) return null;
    this.open.set(accountId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(accountId) ?? 1) - 1;
      if (left <= 0) this.open.delete(accountId);
      else this.open.set(accountId, left);
    };
  }

  held(accountId: number): number {
    return this.open.get(accountId) ?? 0;
  }
}

/**
 * One limiter per name for the whole process, kept on the global object: the custom server and Next's route
 * bundle may load separate copies of this module.
 */
export function sharedConcurrency(name: string, max: number): PerAccountConcurrency {
  const key = Symbol.for(`lede.concurrency.${name}`);
  const g = globalThis as Record<symbol, PerAccountConcurrency | undefined>;
  return (g[key] ??= new PerAccountConcurrency(max));
}
