/** Milliseconds a `Retry-After` header asks for (delay-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return secs >= 0 ? secs * 1000 : undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/**
 * Delay before retry number `attempt` (1 for the first retry): exponential from `baseMs`, capped at `maxMs`, with
 * "equal jitter" (half fixed, half random) so that clients that failed together do not retry together.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Spaces out request starts so that at most `perMinute` begin in any minute (0 = no limit). Callers await
 * `wait()` before each request; concurrent callers queue in order.
 */
export class RequestPacer {
  private nextAt = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = delay,
  ) {}

  async wait(): Promise<void> {
    if (this.perMinute <= 0) return;
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 60_000 / this.perMinute;
    if (at > now) await this.sleep(at - now);
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
