// Import throughput: `lede import` of the labelled dev stream into a fresh data directory, then a re-run
// (which must add nothing). Usage: npm run bench:import [-- FILE]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadWordVectors } from "../lib/nlp/word-vectors";
import { machineLine, writeBenchSection } from "./bench-report";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));
const file = path.resolve(process.argv[2] ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
if (!fs.existsSync(file)) {
  console.error(`bench: no such file ${file}`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-import-"));
// The word-vector cache is built once per machine, outside the timed runs.
const modelDir = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
loadWordVectors(modelDir);
const env = { ...process.env, LEDE_DATA_DIR: dataDir, LEDE_MODEL_DIR: modelDir, LOG_LEVEL: "warn" };

function run(label: string) {
  const started = process.hrtime.bigint();
  const res = spawnSync(process.execPath, [BIN, "import", file], { env, encoding: "utf8" });
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 0) throw new Error(`${label} failed: ${res.stderr}`);
  const summary = res.stdout.trim().split("\n").pop() ?? "";
  const m = /imported (\d+) new articles from (\d+) records/.exec(summary);
  if (!m) throw new Error(`${label}: unexpected output: ${summary}`);
  console.log(`${label}: ${summary} (wall ${secs.toFixed(2)} s)`);
  return { inserted: Number(m[1]), records: Number(m[2]), secs, summary };
}

try {
  const first = run("first import");
  const second = run("re-import");
  const rate = Math.round(first.records / first.secs);
  const dbBytes = fs.statSync(path.join(dataDir, "lede.db")).size;
  writeBenchSection(
    "import",
    `## Import throughput (\`lede import\`)

Run: \`npm run bench:import\` (script: \`bench/import-throughput.ts\`). Machine: ${machineLine()}.
Input: \`${path.basename(file)}\`, ${first.records.toLocaleString("en")} records. Wall time includes process start (tsx), reading the gzip file and story clustering with word vectors (their one-off cache build excluded).

| run | records | new articles | wall time | throughput |
| --- | ---: | ---: | ---: | ---: |
| first import, empty data directory | ${first.records} | ${first.inserted} | ${first.secs.toFixed(2)} s | **${rate.toLocaleString("en")} articles/s** |
| re-import (idempotent) | ${second.records} | ${second.inserted} | ${second.secs.toFixed(2)} s | ${Math.round(second.records / second.secs).toLocaleString("en")} records/s |

Database size after import: ${(dbBytes / 2 ** 20).toFixed(1)} MiB. ${first.records - first.inserted} records share a canonical URL with another record and are linked to that article, not stored twice.`,
  );
  console.log(`bench: ${rate} articles/s; docs/benchmarks.md updated`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
