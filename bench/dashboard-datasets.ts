import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { writeArchive, writeRecentNewswire } from "../e2e/support/news-data";

// The databases bench/dashboard-budgets.ts measures the dashboard on.

export interface Dataset {
  name: string;
  dir: string;
  /** Kept for later runs (the 50k database), not removed after the run. */
  keep: boolean;
  /** Seconds the import took (null when a kept database was reused). */
  importSeconds: number | null;
}

function importInto(dir: string, files: string[]): number {
  const t0 = performance.now();
  const bin = path.resolve("bin/lede.mjs");
  for (const file of files) {
    const env = {
      ...process.env,
      LEDE_DATA_DIR: dir,
      LEDE_SEED_DEFAULT_SOURCES: "false",
      LEDE_WORD_VECTORS: "false",
    };
    const r = spawnSyncChecked(process.execPath, [bin, "import", file], env);
    process.stderr.write(r.split("\n").filter(Boolean).pop() + "\n");
  }
  return (performance.now() - t0) / 1000;
}

function spawnSyncChecked(cmd: string, argv: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(cmd, argv, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr}`);
  return r.stdout + r.stderr;
}

export function smallDataset(): Dataset {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-dash-"));
  const file = path.join(dir, "newswire.jsonl");
  writeRecentNewswire(file, { days: 2, seed: "budgets" });
  return { name: "2 simulated days", dir, keep: false, importSeconds: importInto(dir, [file]) };
}

/**
 * The 45k import (the dev file alone) and the 52k-article database (it plus nine simulated days), built once and kept
 * under the temp directory for later runs (--fresh rebuilds them). The first is a copy of the second halfway.
 */
export function bigDatasets(fresh: boolean): { archive: Dataset; big: Dataset } {
  const archiveDir = path.join(os.tmpdir(), "lede-bench-dashboard-45k");
  const dir = path.join(os.tmpdir(), "lede-bench-dashboard-50k");
  const done = (d: string) => fs.existsSync(path.join(d, "complete"));
  if (!fresh && done(dir) && done(archiveDir))
    return {
      archive: { name: "45k import", dir: archiveDir, keep: true, importSeconds: null },
      big: { name: "52k articles", dir, keep: true, importSeconds: null },
    };
  for (const d of [dir, archiveDir]) {
    fs.rmSync(d, { recursive: true, force: true });
    fs.mkdirSync(d, { recursive: true });
  }
  const archive = path.join(archiveDir, "archive.jsonl");
  writeArchive(archive);
  const archiveSeconds = importInto(archiveDir, [archive]);
  fs.rmSync(archive);
  if (!fs.existsSync(path.join(archiveDir, "lede.db"))) throw new Error("the import wrote no database");
  fs.cpSync(archiveDir, dir, { recursive: true });
  const recent = path.join(dir, "newswire.jsonl");
  writeRecentNewswire(recent, { days: 9, seed: "bench-50k" });
  const seconds = archiveSeconds + importInto(dir, [recent]);
  fs.rmSync(recent);
  for (const d of [dir, archiveDir]) fs.writeFileSync(path.join(d, "complete"), new Date().toISOString());
  return {
    archive: { name: "45k import", dir: archiveDir, keep: true, importSeconds: archiveSeconds },
    big: { name: "52k articles", dir, keep: true, importSeconds: seconds },
  };
}
