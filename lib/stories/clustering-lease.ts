import { randomUUID } from "node:crypto";
import os from "node:os";

import type { LeaseRepo } from "../db/store";

/** The lease that makes one process at a time the one placing articles in stories. */
export const CLUSTERING_LEASE = "clustering";
/**
 * Renewed on every batch and heal: a holder killed with -9 keeps others from placing articles this long at most.
 * Fail-over takes this (the holder renewed it at its last batch) plus the wait for the next worker's next batch or
 * heal: at 30 s the handover issue #19 asks for within 30 s took 31-35 s in e2e/multi-process.spec.ts.
 */
export const CLUSTERING_LEASE_TTL_MS = 20_000;

/** How a clustering instance stands with the lease: it kept it, it just took it, or another process holds it. */
export type LeaseClaim = "kept" | "taken" | null;

/**
 * The holder name of a new clustering instance: host and process id (so an operator, or a test, can tell which
 * process places articles) and a random id (two instances in one process are two holders).
 */
export function leaseHolderName(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID()}`;
}

/** Host and process id of a holder name made by `leaseHolderName`; null for another form. */
export function leaseHolderProcess(holder: string): { host: string; pid: number } | null {
  const m = /^(.*):(\d+):[0-9a-f-]{36}$/.exec(holder);
  return m ? { host: m[1] ?? "", pid: Number(m[2]) } : null;
}

/** One clustering instance's side of the `clustering` lease (holder: `leaseHolderName()`, one per instance). */
export class ClusteringLease {
  readonly holder = leaseHolderName();

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
