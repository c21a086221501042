// `lede migrate-data` throughput: builds an embedded install of the labelled dev stream (`lede import`, ~45k
// articles with vectors, stories, entities, events) and copies it into PostgreSQL, printing rows/s per table and the
// total time. Prints only; docs/benchmarks.md is not written.
//
// Usage: node bin/run-ts.mjs bench/migrate-data.ts [FILE] [--source DIR] [--to postgres://…] [--batch-size N]
//   --source DIR  an install already built (its LEDE_DATA_DIR): skips the import
//   --to URL      a PostgreSQL server with pgvector, its database empty; default: PGlite (WebAssembly, one process,
//                 pgvector) in this process, which is much slower than a server
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { migrateData, type TableProgress } from "../lib/db/migrate-data/migrate-data";
import { openPostgres, type PgConnection } from "../lib/db/postgres/connect";
import { openPglite } from "../lib/testing/pglite-server";
import { machineLine } from "./bench-report";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"));
const file = path.resolve(positional[0] ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
const given = option("--source");
const to = option("--to");
const batchSize = Number(option("--batch-size") ?? 1000);

let dataDir = given ? path.resolve(given) : "";
let built = false;
if (!given) {
  if (!fs.existsSync(file)) {
    console.error(`bench: no such file ${file}`);
    process.exit(1);
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-migrate-"));
  built = true;
  const modelDir = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
  const started = performance.now();
  const res = spawnSync(process.execPath, [BIN, "import", file], {
    env: { ...process.env, LEDE_DATA_DIR: dataDir, LEDE_MODEL_DIR: modelDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (res.status !== 0) throw new Error("import failed");
  console.log(
    `${res.stdout.trim()} (install built in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

const dbBytes = fs.statSync(path.join(dataDir, "lede.db")).size;
let target: PgConnection;
if (to) {
  target = await openPostgres(to, { max: 1 });
} else {
  target = await openPglite();
}
try {
  let lastLine = 0;
  const steps: Array<{ step: string; at: number }> = [];
  const summary = await migrateData({
    dataDir,
    target,
    batchSize,
    onStep: (step) => {
      steps.push({ step, at: performance.now() });
      process.stderr.write(`  ${step}\n`);
    },
    onProgress: (p: TableProgress) => {
      const now = Date.now();
      if (!p.done && now - lastLine < 5000) return;
      lastLine = now;
      process.stderr.write(`  ${p.table} ${p.copied}/${p.total}${p.done ? " done" : ""}\n`);
    },
  });
  const rows = summary.tables.reduce((n, t) => n + t.copiedNow, 0);
  console.log(`\nmachine: ${machineLine()}`);
  console.log(
    `source: ${(dbBytes / 2 ** 20).toFixed(1)} MiB SQLite; target: ${to ? "PostgreSQL server" : "PGlite (in process)"}; batch ${batchSize}`,
  );
  console.log("\n| table | rows | seconds | rows/s |\n| --- | ---: | ---: | ---: |");
  for (const t of summary.tables) {
    if (t.total === 0) continue;
    const secs = t.elapsedMs / 1000;
    console.log(
      `| ${t.table} | ${t.copiedNow} | ${secs.toFixed(2)} | ${Math.round(t.copiedNow / Math.max(secs, 0.001))} |`,
    );
  }
  const ended = performance.now();
  steps.forEach((s, i) =>
    console.log(`${s.step}: ${(((steps[i + 1]?.at ?? ended) - s.at) / 1000).toFixed(1)} s`),
  );
  const other = summary.elapsedMs - summary.tables.reduce((n, t) => n + t.elapsedMs, 0);
  console.log(
    `\ntotal: ${rows} rows in ${(summary.elapsedMs / 1000).toFixed(1)} s (${Math.round(rows / (summary.elapsedMs / 1000))} rows/s); ` +
      `besides the tables (vector indexes, sequences, counters, ANALYZE, checks) ${(other / 1000).toFixed(1)} s`,
  );
} finally {
  await target.close();
  if (built) fs.rmSync(dataDir, { recursive: true, force: true });
}
