import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { openDb } from "./open-db";

const mode = (p: string) => fs.statSync(p).mode & 0o777;

let parent: string;
let oldUmask: number;

afterEach(() => {
  process.umask(oldUmask);
  fs.rmSync(parent, { recursive: true, force: true });
});

function setUp(umask: number) {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "lede-perms-"));
  // The most permissive umask: the modes must not depend on it.
  oldUmask = process.umask(umask);
}

describe("openDb file permissions", () => {
  it("creates the data directory 0700 and lede.db, its WAL and shared memory 0600, whatever the umask", () => {
    setUp(0);
    const dataDir = path.join(parent, "data");
    const db = openDb({ dataDir });
    try {
      db.prepare("CREATE TABLE probe (x)").run();
      db.prepare("INSERT INTO probe VALUES (1)").run();
      expect(mode(dataDir)).toBe(0o700);
      for (const name of ["lede.db", "lede.db-wal", "lede.db-shm"]) {
        expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
        expect(mode(path.join(dataDir, name)), name).toBe(0o600);
      }
    } finally {
      db.close();
    }
  });

  it("tightens an existing world-readable directory and database files on open, and says so", () => {
    setUp(0o022);
    const dataDir = path.join(parent, "data");
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o755);
    const first = openDb({ dataDir, onTightened: () => {} });
    first.prepare("CREATE TABLE probe (x)").run();
    first.close();
    for (const name of ["lede.db", "lede.db-wal", "lede.db-shm"]) {
      const file = path.join(dataDir, name);
      if (fs.existsSync(file)) fs.chmodSync(file, 0o644);
      else fs.writeFileSync(file, "", { mode: 0o644 });
    }
    fs.chmodSync(dataDir, 0o755);

    const told: Array<{ file: string; from: number; to: number }> = [];
    const db = openDb({ dataDir, onTightened: (file, from, to) => told.push({ file, from, to }) });
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, "lede.db"))).toBe(0o600);
      expect(told).toContainEqual({ file: dataDir, from: 0o755, to: 0o700 });
      expect(told).toContainEqual({ file: path.join(dataDir, "lede.db"), from: 0o644, to: 0o600 });
      for (const name of ["lede.db-wal", "lede.db-shm"]) {
        const file = path.join(dataDir, name);
        if (fs.existsSync(file)) expect(mode(file), name).toBe(0o600);
      }
    } finally {
      db.close();
    }
  });
});
