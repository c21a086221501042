import os from "node:os";

import { describe, expect, it } from "vitest";

import type { LeaseRepo } from "../db/store";
import { ClusteringLease, leaseHolderName, leaseHolderProcess } from "./clustering-lease";

describe("clustering lease holder names", () => {
  it("name the host and process, and differ per instance", () => {
    const leases = {} as LeaseRepo;
    const a = new ClusteringLease(leases);
    const b = new ClusteringLease(leases);
    expect(a.holder).not.toBe(b.holder);
    expect(leaseHolderProcess(a.holder)).toEqual({ host: os.hostname(), pid: process.pid });
    expect(leaseHolderProcess(leaseHolderName())?.pid).toBe(process.pid);
  });

  it("read no process from another form", () => {
    expect(leaseHolderProcess("3f1c8a52-0a47-4bb1-9a3b-2d7c35e1f6a0")).toBeNull();
    expect(leaseHolderProcess("")).toBeNull();
  });
});
