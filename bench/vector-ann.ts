// Vector search through the HNSW index (lib/db/sqlite/vector-index): build time, memory, query latency with and
// without a time window, and recall@10 against an exact brute force, at 10k, 100k and 1M article vectors.
// Usage: node bin/run-ts.mjs bench/vector-ann.ts [sizes=10000,100000,1000000] [queries=50]  (npm run bench:vectors)
// Each size's figures are kept in data/bench/vector-ann.json, so sizes can be run one at a time; the section in
// docs/benchmarks.md shows every size measured so far. LEDE_BENCH_VECTORS_DIR=<dir> keeps the corpus there (and
// reuses one written before) instead of a temporary directory: writing 1M vectors takes minutes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { openDb, type Db } from "../lib/db/open-db";
import { exactNearest } from "../lib/db/sqlite/vector-index/test-fixtures";
import { sqliteVectorRepo, type SqliteVectorRepo } from "../lib/db/sqlite/vector-repo";
import { vectorWrites } from "../lib/db/sqlite/vector-writes";
import { tempDir } from "../lib/testing/temp-store";
import { syntheticVectors } from "../lib/vectors/synthetic-vectors";
import { machineLine, writeBenchSection } from "./bench-report";
import { renderVectorBench, type SizeResult, type WindowResult } from "./vector-ann-report";

const SIZES = (process.argv[2] ?? "10000,100000,1000000").split(",").map(Number);
const QUERIES = Number(process.argv[3] ?? 50);
const SEED = 20_251_125;
const TOPICS = 300;
const DAY = 86_400_000;
const RESULTS = path.join("data", "bench", "vector-ann.json");
let NOW = Date.now();
const windows = () => [
  { label: "none", since: 0 },
  { label: "72 h", since: NOW - 3 * DAY },
  { label: "10 days", since: NOW - 10 * DAY },
];
const step = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
const storiesFor = (n: number) => Math.max(50, Math.floor(n / 8));
/** Articles are spread over max(14 days, one day per 10k): 1M vectors cover 100 days. */
const spanFor = (n: number) => Math.max(14, n / 10_000) * DAY;

/** Writes `n` articles with synthetic vectors, oldest first, in batches of 2,000 per transaction. */
function fillCorpus(db: Db, n: number): Float64Array {
  const source = Number(
    db.prepare("INSERT INTO sources (slug, name, created_at) VALUES ('wire', 'Wire', 0)").run()
      .lastInsertRowid,
  );
  const insert = db.prepare(
    `INSERT INTO articles (id, url_hash, url, canonical_url, title, slug, source_id, category, discovered_at)
     VALUES (@id, @hash, @url, @url, @hash, @hash, @source, 'world', @at)`,
  );
  const writes = vectorWrites(db);
  const gen = syntheticVectors({ seed: SEED, topics: TOPICS, stories: storiesFor(n) });
  const times = new Float64Array(n + 1);
  const span = spanFor(n);
  for (let start = 1; start <= n; start += 2_000) {
    db.transaction(() => {
      for (let id = start; id < Math.min(n + 1, start + 2_000); id++) {
        const hash = id.toString(16).padStart(16, "0");
        const at = Math.round(NOW - (span * (n - id)) / n);
        times[id] = at;
        insert.run({ id, hash, url: `https://wire.test/${hash}`, source, at });
        writes.put("article", id, gen.next().vector);
      }
    })();
    if (start % 100_000 === 1 && start > 1) console.log(`  corpus: ${start - 1} of ${n}`);
  }
  return times;
}

/** The exact top 10 per query and window, by brute force in JS over every stored vector. */
function bruteForce(db: Db, queries: Float32Array[], times: Float64Array): number[][][] {
  const WINDOWS = windows();
  const tops = WINDOWS.map(() => queries.map(() => [] as Array<{ id: number; sim: number }>));
  const put = (list: Array<{ id: number; sim: number }>, id: number, sim: number) => {
    if (list.length === 10 && sim <= list[9]!.sim) return;
    list.push({ id, sim });
    list.sort((a, b) => b.sim - a.sim || b.id - a.id);
    if (list.length > 10) list.pop();
  };
  const rows = db.prepare("SELECT rowid AS id, embedding FROM article_vectors").iterate() as Iterable<{
    id: number;
    embedding: Buffer;
  }>;
  for (const { id, embedding } of rows) {
    const v = new Float32Array(embedding.buffer, embedding.byteOffset, embedding.byteLength / 4);
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
    queries.forEach((q, qi) => {
      let dot = 0;
      for (let i = 0; i < q.length; i++) dot += q[i]! * v[i]!;
      const sim = dot / Math.sqrt(norm);
      WINDOWS.forEach((w, wi) => {
        if (times[id]! >= w.since) put(tops[wi]![qi]!, id, sim);
      });
    });
  }
  return tops.map((perQuery) => perQuery.map((list) => list.map((e) => e.id)));
}

async function measureQueries(
  repo: SqliteVectorRepo,
  db: Db,
  queries: Float32Array[],
  exact: number[][][],
  times: Float64Array,
): Promise<WindowResult[]> {
  const out: WindowResult[] = [];
  for (const [wi, w] of windows().entries()) {
    for (const q of queries.slice(0, 5)) await repo.nearestArticles({ vector: q, since: w.since, limit: 10 });
    const ms: number[] = [];
    let found = 0;
    for (const [qi, q] of queries.entries()) {
      const t = process.hrtime.bigint();
      const hits = await repo.nearestArticles({ vector: q, since: w.since, limit: 10 });
      ms.push(seconds(t) * 1000);
      const truth = new Set(exact[wi]![qi]!);
      found += hits.filter((h) => truth.has(h.article.id)).length / Math.max(1, truth.size);
    }
    // The exact search the store ran before the index (vec0 KNN over the window), on three queries.
    const scan = queries.slice(0, 3).map((q) => {
      const t = process.hrtime.bigint();
      exactNearest(db, "article", q, w.since, 10);
      return seconds(t) * 1000;
    });
    const rows = times.filter((t) => t >= w.since && t > 0).length;
    out.push({
      label: w.label,
      rows,
      p50: pct(ms, 0.5),
      p95: pct(ms, 0.95),
      recall: found / queries.length,
      scanMs: pct(scan, 0.5),
    });
  }
  return out;
}

/** Times by id of a corpus written before; NOW becomes its newest article's time, as when it was written. */
function readCorpus(db: Db, n: number): Float64Array {
  const times = new Float64Array(n + 1);
  for (const r of db.prepare("SELECT id, discovered_at FROM articles").iterate() as Iterable<{
    id: number;
    discovered_at: number;
  }>)
    times[r.id] = r.discovered_at;
  NOW = times[n]!;
  return times;
}

async function benchSize(n: number): Promise<SizeResult> {
  const keep = process.env.LEDE_BENCH_VECTORS_DIR;
  const dir = keep ? path.join(keep, String(n)) : tempDir("lede-bench-vectors-");
  try {
    console.log(`${n} vectors in ${dir}`);
    let t = process.hrtime.bigint();
    const reuse = fs.existsSync(path.join(dir, "lede.db"));
    fs.rmSync(path.join(dir, "vector-index"), { recursive: true, force: true });
    const db = openDb({ dataDir: dir });
    NOW = Date.now();
    const times = reuse ? readCorpus(db, n) : fillCorpus(db, n);
    step(`corpus ${reuse ? "read" : "written"} in ${seconds(t).toFixed(0)} s`);
    const gen = syntheticVectors({ seed: SEED, topics: TOPICS, stories: storiesFor(n), stream: SEED + 1 });
    const queries = Array.from({ length: QUERIES }, () => gen.next().vector);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const repo = sqliteVectorRepo(db, { inlineLimit: Infinity, batch: 1_024, log: () => {} });
    t = process.hrtime.bigint();
    await repo.indexes.article.rebuild();
    const buildS = seconds(t);
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    step(`built in ${buildS.toFixed(0)} s, RSS +${mib(rssGrowth)} MiB`);
    t = process.hrtime.bigint();
    repo.indexes.article.save();
    const saveS = seconds(t);
    const fileBytes = fs
      .readdirSync(path.join(dir, "vector-index"))
      .reduce((s, f) => s + fs.statSync(path.join(dir, "vector-index", f)).size, 0);
    step(`saved in ${saveS.toFixed(1)} s, ${mib(fileBytes)} MiB`);

    t = process.hrtime.bigint();
    const exact = bruteForce(db, queries, times);
    step(`brute force in ${seconds(t).toFixed(0)} s`);
    const measured = await measureQueries(repo, db, queries, exact, times);
    step(`queries: ${JSON.stringify(measured)}`);

    const reopened = sqliteVectorRepo(db, { log: () => {} });
    t = process.hrtime.bigint();
    await reopened.indexes.article.whenReady();
    const loadS = seconds(t);
    step(`reloaded in ${loadS.toFixed(1)} s (${reopened.indexes.article.origin})`);
    db.close();
    return {
      vectors: n,
      buildS,
      rssGrowthMiB: mib(rssGrowth),
      fileMiB: mib(fileBytes),
      saveS,
      loadS,
      windows: measured,
      load: os.loadavg()[0]!,
    };
  } catch (err) {
    console.error(err);
    throw err;
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const saved: Record<string, SizeResult> = fs.existsSync(RESULTS)
    ? (JSON.parse(fs.readFileSync(RESULTS, "utf8")) as Record<string, SizeResult>)
    : {};
  for (const n of SIZES) {
    const r = await benchSize(n);
    console.log(JSON.stringify(r));
    saved[String(n)] = r;
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, JSON.stringify(saved, null, 2));
  }
  const markdown = renderVectorBench(Object.values(saved), { machine: machineLine(), queries: QUERIES });
  writeBenchSection("vector-ann", markdown);
  console.log(markdown);
}

await main();
