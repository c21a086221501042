import { randomUUID } from "node:crypto";

import type { LeaseRepo } from "../db/store";

const PREFIX = "import:";
const TTL_MS = 30_000;
const RENEW_MS = 10_000;

/**
 * Marks an import as storing articles, in the database, for as long as it runs: a lease named `import:<id>`,
 * renewed every 10 s, that runs out 30 s after a killed import stopped renewing it. The process placing articles
 * in stories keeps the news cycle open while other imports are still storing, so two imports at once settle once,
 * at the end, as one import of the whole would.
 */
export class ImportRegistration {
  private readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly leases: LeaseRepo,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    await this.leases.acquire(this.name, this.id, TTL_MS, this.now());
    this.timer = setInterval(() => {
      void this.leases.renew(this.name, this.id, TTL_MS, this.now()).catch(() => undefined);
    }, RENEW_MS);
    this.timer.unref();
  }

  /** This import stored all it will store. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.leases.release(this.name, this.id);
  }

  /** Whether another import is still storing articles. */
  async othersStoring(): Promise<boolean> {
    return (await this.leases.countActive(PREFIX, this.now(), this.id)) > 0;
  }

  private get name(): string {
    return `${PREFIX}${this.id}`;
  }
}
