// /v1 read latency as the database grows (issue #15): builds 10k, 100k and 1M-article databases from the real dev
// headlines (bench/scale-build.ts), starts `lede start` on each and measures every read operation of contract §1
// at a modest concurrency, with the database size and the server's memory. Writes the `scale` section of
// docs/benchmarks.md; figures of sizes not run this time come from the last run on this machine (results.json).
//
// Usage: npm run bench:scale -- [--sizes 10000,100000,1000000] [--rebuild] [--build-only] [--dir /tmp/lede-scale]
//        [--connections 4] [--seconds 3] [--idle-max-min 30]
// --build-only builds (or checks) the databases and measures nothing, e.g. to build the 1M one under `nice`;
// --report-only rewrites the section from the stored results.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openDb } from "../lib/db/open-db";
import { createSqliteStore } from "../lib/db/sqlite/sqlite-store";
import { createKey } from "../lib/keys/create-key";
import { closedLoop, processRss, startLede, waitForIdle, type RunResult, type Target } from "./load";
import { buildScaleDatabase, type BuildCounts } from "./scale-build";
import { readDevCorpus } from "./scale-corpus";
import { scaleOperations } from "./scale-ops";
import { writeScaleReport } from "./scale-report";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Bump when the generated data changes: databases with another stamp are rebuilt. */
const DATA_VERSION = 1;
const KEYS = 2_000;
const WARMUP_S = 1;
const MIN_REQUESTS = 100;
const MAX_SECONDS = 30;

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sizes = (opt("--sizes") ?? "10000,100000,1000000").split(",").map(Number);
const rebuild = args.includes("--rebuild");
const buildOnly = args.includes("--build-only");
const reportOnly = args.includes("--report-only");
/** Re-measure only these operations (comma-separated names); the others keep their stored figures. */
const onlyOps = opt("--ops")
  ?.split(",")
  .map((n) => n.trim())
  .filter(Boolean);
const dir = path.resolve(opt("--dir") ?? path.join(os.tmpdir(), "lede-scale"));
const connections = Number(opt("--connections") ?? 4);
const seconds = Number(opt("--seconds") ?? 3);
/** Measuring starts once the server is idle after the first requests, or after this long regardless. */
const IDLE_MAX_MS = Number(opt("--idle-max-min") ?? 30) * 60_000;

const corpusFile = path.join(ROOT, "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
const modelDir = path.join(dir, "models");

export interface DbStamp {
  version: number;
  size: number;
  builtAt: number;
  buildSeconds: number;
  counts: BuildCounts;
  /** Bytes per table and index (dbstat) when the build finished, largest first. */
  tables: Array<{ name: string; bytes: number }>;
}

export interface OpResult extends Partial<RunResult> {
  name: string;
  note: string;
  /** Set when the operation did not answer 200 (then it is not measured). */
  error?: string;
  /** Size of the first answer (a sanity check that the operation returned data). */
  bytes?: number;
}

export interface SizeResult {
  size: number;
  runAt: number;
  load: string;
  machine: string;
  db: DbStamp & { bytes: number; sqliteBytes: number; reused: boolean };
  code: string;
  serverReadyMs: number;
  /** How long the server kept working after the first request of each operation (lazy index builds). */
  idleAfterMs: number;
  /** True when the server was still busy after IDLE_MAX_MS and was measured anyway. */
  stillBusy?: boolean;
  /** When the production build the server ran was made (its route handlers are compiled into it). */
  nextBuildAt: number | null;
  rssMiB: number;
  peakRssMiB: number;
  connections: number;
  seconds: number;
  ops: OpResult[];
  /** Operations measured again later (`--ops`), with when and on what code; the rest of the result is older. */
  remeasured?: Array<{ ops: string[]; runAt: number; code: string; load: string }>;
}

const log = (size: number, line: string) => console.log(`[${size.toLocaleString("en")}] ${line}`);

function dirBytes(p: string): number {
  let total = 0;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    const f = path.join(p, e.name);
    total += e.isDirectory() ? dirBytes(f) : fs.statSync(f).size;
  }
  return total;
}

/**
 * A database built before migration 010 took its final form keeps vec0 tables of 1,024-vector chunks, whose row reads
 * walk a 6 MB blob (tens of µs each, where an install has 32-vector chunks): such a table is rebuilt as 010 builds it,
 * so the figures are those of an install.
 */
function vectorChunksAsMigrated(dbDir: string, say: (line: string) => void): void {
  const db = openDb({ dataDir: dbDir });
  try {
    for (const table of ["article_vectors", "story_vectors"]) {
      const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(table) as string;
      if (sql.includes("chunk_size=32")) continue;
      const started = performance.now();
      db.transaction(() => {
        db.exec(`CREATE TEMP TABLE vector_copy AS SELECT rowid AS id, embedding FROM ${table};
          DROP TABLE ${table};
          CREATE VIRTUAL TABLE ${table} USING vec0(embedding float[1536] distance_metric=cosine, chunk_size=32);
          INSERT INTO ${table} (rowid, embedding) SELECT id, embedding FROM vector_copy ORDER BY id;
          DROP TABLE vector_copy;`);
      })();
      say(
        `${table} rebuilt with 32-vector chunks, as migration 010 stores them (${Math.round(performance.now() - started)} ms)`,
      );
    }
  } finally {
    db.close();
  }
}

/** The database of `size` articles: the one built before when its stamp matches, else a fresh build. */
async function ensureDatabase(size: number): Promise<{ dbDir: string; stamp: DbStamp; reused: boolean }> {
  const dbDir = path.join(dir, String(size));
  const stampFile = path.join(dbDir, "scale-stamp.json");
  if (!rebuild && fs.existsSync(stampFile)) {
    const stamp = JSON.parse(fs.readFileSync(stampFile, "utf8")) as DbStamp;
    if (stamp.version === DATA_VERSION && stamp.size === size) {
      log(size, `reusing ${dbDir} (built ${new Date(stamp.builtAt).toISOString()})`);
      vectorChunksAsMigrated(dbDir, (line) => log(size, line));
      return { dbDir, stamp, reused: true };
    }
  }
  const partial = `${dbDir}.partial`;
  fs.rmSync(dbDir, { recursive: true, force: true });
  fs.rmSync(partial, { recursive: true, force: true });
  log(size, `building in ${partial}`);
  const started = performance.now();
  const end = Date.now();
  const counts = await buildScaleDatabase({
    dir: partial,
    size,
    corpus: readDevCorpus(corpusFile),
    modelDir,
    end,
    log: (line) => log(size, line),
  });
  const buildSeconds = (performance.now() - started) / 1000;
  const stamp: DbStamp = {
    version: DATA_VERSION,
    size,
    builtAt: end,
    buildSeconds,
    counts,
    tables: tableSizes(partial),
  };
  fs.writeFileSync(path.join(partial, "scale-stamp.json"), JSON.stringify(stamp, null, 2));
  fs.renameSync(partial, dbDir);
  log(size, `built in ${Math.round(buildSeconds)} s: ${JSON.stringify(counts)}`);
  return { dbDir, stamp, reused: false };
}

function tableSizes(dbDir: string): DbStamp["tables"] {
  const store = createSqliteStore(dbDir);
  try {
    return store.db
      .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 12")
      .all() as DbStamp["tables"];
  } finally {
    store.close();
  }
}

/** Keys on business accounts of their own, used in turn: neither the per-key rate limit nor a quota decides. */
async function createKeys(dbDir: string): Promise<string[]> {
  const store = createSqliteStore(dbDir);
  try {
    const run = Date.now().toString(36);
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++)
      keys.push((await createKey(store, { email: `scale-${run}-${i}@bench.test`, plan: "business" })).key);
    return keys;
  } finally {
    store.close();
  }
}

async function measureSize(size: number): Promise<SizeResult> {
  const { dbDir, stamp, reused } = await ensureDatabase(size);
  const keys = await createKeys(dbDir);
  let k = 0;
  const auth = () => ({ Authorization: `Bearer ${keys[k++ % keys.length]}` });
  const ops = scaleOperations(dbDir, Date.now()).filter((op) => !onlyOps || onlyOps.includes(op.name));
  if (onlyOps && ops.length !== onlyOps.length)
    throw new Error(`--ops: unknown operation among ${onlyOps.join(", ")}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LEDE_DATA_DIR: dbDir,
    LEDE_MODEL_DIR: modelDir,
    LEDE_POLL_FEEDS: "false",
    LEDE_SEED_DEFAULT_SOURCES: "false",
    LEDE_EXTRACT_CONTENT: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
  const t0 = performance.now();
  const logFile = path.join(dir, `server-${size}.log`);
  const server = await startLede(env, { timeoutMs: 20 * 60_000, logFile });
  const serverReadyMs = performance.now() - t0;
  log(size, `lede start answered after ${Math.round(serverReadyMs)} ms`);
  const results: OpResult[] = [];
  let result: SizeResult | undefined;
  try {
    // One request of each first: it checks the answer, and starts what the server builds lazily (the vector index).
    const probes = new Map<string, number>();
    for (const op of ops) {
      const probe = await fetch(`http://127.0.0.1:${server.port}${op.path()}`, {
        method: op.method ?? "GET",
        headers: { ...auth(), ...(op.body ? { "Content-Type": "application/json" } : {}) },
        body: op.body?.(),
      });
      if (probe.status === 200) probes.set(op.name, (await probe.arrayBuffer()).byteLength);
      else {
        const error = `${probe.status} ${(await probe.text()).slice(0, 160)}`;
        log(size, `${op.name}: not measured, ${error}`);
        results.push({ name: op.name, note: op.note, error });
      }
    }
    const pid = server.child.pid!;
    const idleAfterMs = await waitForIdle(pid, {
      maxMs: IDLE_MAX_MS,
      onWait: (ms, busy) =>
        log(
          size,
          `server busy (${Math.round(busy * 100)} % of a core) ${Math.round(ms / 1000)} s after the first requests`,
        ),
    });
    log(size, `server idle ${Math.round(idleAfterMs / 1000)} s after the first requests`);
    for (const op of ops) {
      const bytes = probes.get(op.name);
      if (bytes === undefined) continue;
      const target: Target = {
        port: server.port,
        path: op.path,
        headers: auth,
        method: op.method,
        body: op.body,
      };
      await closedLoop(target, connections, WARMUP_S);
      const r = await closedLoop(target, connections, seconds, {
        minRequests: MIN_REQUESTS,
        maxSeconds: MAX_SECONDS,
      });
      log(
        size,
        `${op.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.requests} requests, ${r.nonOk} not 200, ${bytes} bytes`,
      );
      results.push({ name: op.name, note: op.note, bytes, ...r });
    }
    results.sort((a, b) => ops.findIndex((o) => o.name === a.name) - ops.findIndex((o) => o.name === b.name));
    const rss = processRss(pid);
    result = {
      size,
      runAt: Date.now(),
      load: os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(", "),
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      db: { ...stamp, bytes: 0, sqliteBytes: 0, reused },
      code: codeState(),
      serverReadyMs,
      idleAfterMs,
      stillBusy: idleAfterMs >= IDLE_MAX_MS,
      nextBuildAt: fs.statSync(path.join(ROOT, ".next/BUILD_ID"), { throwIfNoEntry: false })?.mtimeMs ?? null,
      ...rss,
      connections,
      seconds,
      ops: results,
    };
    return result;
  } finally {
    server.child.kill();
    await new Promise((r) => server.child.once("exit", r));
    // After the server closed the database (its WAL is checkpointed): every file it keeps, indexes included.
    if (result) {
      result.db.bytes = dirBytes(dbDir);
      result.db.sqliteBytes = fs
        .readdirSync(dbDir)
        .filter((f) => f.startsWith("lede.db"))
        .reduce((sum, f) => sum + fs.statSync(path.join(dbDir, f)).size, 0);
    }
  }
}

/** The commit the server ran, and how many files under app/, lib/ and server.ts differed from it (others' work). */
function codeState(): string {
  const git = (...a: string[]) => spawnSync("git", a, { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  const dirty = git("status", "--porcelain", "--", "app", "lib", "server.ts")
    .split("\n")
    .filter(Boolean).length;
  return `${git("rev-parse", "--short", "HEAD")}${dirty ? ` + ${dirty} uncommitted files` : ""}`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    console.log("no production build: running npm run build");
    const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (r.status !== 0) throw new Error("npm run build failed");
  }
  fs.mkdirSync(dir, { recursive: true });
  const resultsFile = path.join(dir, "results.json");
  const stored = fs.existsSync(resultsFile)
    ? (JSON.parse(fs.readFileSync(resultsFile, "utf8")) as Record<string, SizeResult>)
    : {};
  if (buildOnly) {
    for (const size of sizes) await ensureDatabase(size);
    return;
  }
  for (const size of reportOnly ? [] : sizes) {
    const fresh = await measureSize(size);
    const before = stored[size];
    stored[size] =
      onlyOps && before
        ? {
            ...before,
            ops: before.ops.map((o) => fresh.ops.find((f) => f.name === o.name) ?? o),
            remeasured: [
              ...(before.remeasured ?? [])
                .map((r) => ({ ...r, ops: r.ops.filter((n) => !onlyOps.includes(n)) }))
                .filter((r) => r.ops.length > 0),
              { ops: onlyOps, runAt: fresh.runAt, code: fresh.code, load: fresh.load },
            ],
          }
        : fresh;
    fs.writeFileSync(resultsFile, JSON.stringify(stored, null, 2));
  }
  const current = Object.values(stored).filter((r) => r.db.version === DATA_VERSION);
  writeScaleReport(
    current.sort((a, b) => a.size - b.size),
    reportOnly ? [] : sizes,
  );
  console.log("bench: docs/benchmarks.md updated");
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
