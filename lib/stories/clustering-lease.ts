import { randomUUID } from "node:crypto";

import type { LeaseRepo } from "../db/store";

/** The lease that makes one process at a time the one placing articles in stories. */
export const CLUSTERING_LEASE = "clustering";
/** Renewed on every batch and heal: a holder killed with -9 keeps others from placing articles this long at most. */
export const CLUSTERING_LEASE_TTL_MS = 30_000;

/** How a clustering instance stands with the lease: it kept it, it just took it, or another process holds it. */
export type LeaseClaim = "kept" | "taken" | null;

/** One clustering instance's side of the `clustering` lease (holder: a random id per instance). */
export class ClusteringLease {
  readonly holder = randomUUID();

  constructor(
    private readonly leases: LeaseRepo,
    private readonly ttlMs = CLUSTERING_LEASE_TTL_MS,
  ) {}

  /**
   * Renews the lease or takes it. "kept": nobody else held it since this instance took it, so the stories in the
   * database are the ones this instance left (even after an idle spell in which the lease lapsed). "taken": it was
   * free or expired and another holder may have changed stories meanwhile.
   */
  async claim(): Promise<LeaseClaim> {
    const now = Date.now();
    if (await this.leases.renew(CLUSTERING_LEASE, this.holder, this.ttlMs, now)) return "kept";
    return (await this.leases.acquire(CLUSTERING_LEASE, this.holder, this.ttlMs, now)) ? "taken" : null;
  }

  /** Extends the lease; false when another process took it over meanwhile. */
  renew(): Promise<boolean> {
    return this.leases.renew(CLUSTERING_LEASE, this.holder, this.ttlMs, Date.now());
  }

  release(): Promise<void> {
    return this.leases.release(CLUSTERING_LEASE, this.holder);
  }
}
