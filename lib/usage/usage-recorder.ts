import type { UsageRepo } from "../db/store";
import type { UsageRecord } from "../db/types";

/**
 * Buffers usage records and writes them in batches off the request path, so recording never slows a response.
 * A crash loses at most one flush interval of usage rows (never credits, which are charged before the response:
 * lib/db/sqlite/credit-repo.ts).
 */
export class UsageRecorder {
  private buffer: UsageRecord[] = [];
  private timer: NodeJS.Timeout;

  constructor(
    private readonly repo: UsageRepo,
    private readonly onError: (e: unknown) => void = () => undefined,
    intervalMs = 1_000,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  record(r: UsageRecord): void {
    this.buffer.push(r);
    if (this.buffer.length >= 500) void this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    try {
      await this.repo.insertMany(batch);
    } catch (e) {
      this.onError(e);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
