// Vector search on an existing data directory: recall@10 and latency of `/v1/related`'s path (VectorRepo
// nearestArticles) over the article vectors a real database holds, e.g. the 1M-article database bench:scale
// builds from real headlines with the local embedder. Complements bench/vector-ann.ts, whose vectors are synthetic.
// Usage: node bin/run-ts.mjs bench/vector-ann-db.ts [data-dir=/tmp/lede-scale/1000000] [queries=50]
//        (npm run bench:vectors-db -- DIR)
// Queries are stored articles' own vectors (every n-th article with one); each query's own article is left out of
// both the exact top 10 and the index's answer, as /v1/related leaves it out. The exact top 10 comes from one pass
// over every stored vector in JS. The database is opened as the server opens it (pending migrations run).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { openDb } from "../lib/db/open-db";
import { searchBreadth } from "../lib/db/sqlite/vector-index/hnsw-set";
import { sqliteVectorRepo } from "../lib/db/sqlite/vector-repo";
import type { Store } from "../lib/db/store";
import { embeddingFromBlob } from "../lib/embeddings/encode";
import type { VectorSearchBody } from "../lib/vectors/schemas";
import { vectorSearch } from "../lib/vectors/vector-search";
import { machineLine, writeBenchSection } from "./bench-report";

const DIR = process.argv[2] ?? "/tmp/lede-scale/1000000";
const QUERIES = Number(process.argv[3] ?? 50);
const DAY = 86_400_000;
const TOP = 10;

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);

const db = openDb({ dataDir: DIR });
let t = process.hrtime.bigint();
const repo = sqliteVectorRepo(db, { log: () => {} });
await repo.indexes.article.whenReady();
const graphSize = repo.indexes.article.size;
log(`index ${repo.indexes.article.origin} in ${seconds(t).toFixed(1)} s: ${graphSize} vectors`);

const maxId = db.prepare("SELECT max(id) FROM articles").pluck().get() as number;
const times = new Float64Array(maxId + 1);
for (const r of db.prepare("SELECT id, discovered_at FROM articles").raw().iterate() as Iterable<
  [number, number]
>)
  times[r[0]] = r[1];
const newest = db.prepare("SELECT max(discovered_at) FROM articles").pluck().get() as number;
const windows = [
  { label: "none", since: 0 },
  { label: "72 h", since: newest - 3 * DAY },
  { label: "10 days", since: newest - 10 * DAY },
];
const chunkSize = db.prepare("SELECT max(size) FROM article_vectors_chunks").pluck().get() as number;
const withVector = db.prepare("SELECT count(*) FROM article_vectors").pluck().get() as number;
const step = Math.max(1, Math.floor(withVector / QUERIES));
const queryIds = (
  db.prepare("SELECT rowid FROM article_vectors ORDER BY rowid").pluck().all() as Array<number | bigint>
)
  .map(Number)
  .filter((_, i) => i % step === step - 1)
  .slice(0, QUERIES);
const vectorOf = db.prepare("SELECT embedding FROM article_vectors WHERE rowid = ?").pluck();
const queries = queryIds.map((id) => embeddingFromBlob(vectorOf.get(BigInt(id)) as Buffer));

// The exact top 10 per window and query, in one pass over every stored vector.
t = process.hrtime.bigint();
const tops = windows.map(() => queries.map(() => [] as Array<{ id: number; sim: number }>));
const put = (list: Array<{ id: number; sim: number }>, id: number, sim: number) => {
  if (list.length === TOP && sim <= list[TOP - 1]!.sim) return;
  list.push({ id, sim });
  list.sort((a, b) => b.sim - a.sim || b.id - a.id);
  if (list.length > TOP) list.pop();
};
const norms = queries.map((q) => Math.sqrt(q.reduce((s, x) => s + x * x, 0)));
let seen = 0;
for (const [rowid, blob] of db
  .prepare("SELECT rowid, embedding FROM article_vectors")
  .raw()
  .iterate() as Iterable<[number | bigint, Buffer]>) {
  const id = Number(rowid);
  const v = embeddingFromBlob(blob);
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (norm === 0) continue;
  queries.forEach((q, qi) => {
    if (queryIds[qi] === id) return;
    let dot = 0;
    for (let i = 0; i < q.length; i++) dot += q[i]! * v[i]!;
    const sim = dot / (Math.sqrt(norm) * norms[qi]!);
    windows.forEach((w, wi) => {
      if (times[id]! >= w.since) put(tops[wi]![qi]!, id, sim);
    });
  });
  if (++seen % 200_000 === 0) log(`exact pass: ${seen} vectors`);
}
log(`exact top ${TOP} of ${queries.length} queries in ${seconds(t).toFixed(0)} s`);

const rows: string[] = [];
for (const [wi, w] of windows.entries()) {
  for (const q of queries.slice(0, 5))
    await repo.nearestArticles({ vector: q, since: w.since, limit: TOP + 1 });
  const ms: number[] = [];
  let found = 0;
  for (const [qi, q] of queries.entries()) {
    const t0 = process.hrtime.bigint();
    const hits = await repo.nearestArticles({ vector: q, since: w.since, limit: TOP + 1 });
    ms.push(seconds(t0) * 1000);
    const got = new Set(
      hits
        .map((h) => h.article.id)
        .filter((id) => id !== queryIds[qi])
        .slice(0, TOP),
    );
    const truth = tops[wi]![qi]!;
    found += truth.filter((e) => got.has(e.id)).length / Math.max(1, truth.length);
  }
  const inWindow = times.filter((x) => x > 0 && x >= w.since).length;
  rows.push(
    `| ${w.label} | ${inWindow.toLocaleString("en-US")} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} | ${(found / queries.length).toFixed(3)} |`,
  );
  log(rows.at(-1)!);
}
// GET /v1/related's path: the whole archive in the graph's order, no exact rescoring, rows read a few at a time.
{
  const none = windows.findIndex((w) => w.since <= 0);
  const ms: number[] = [];
  let found = 0;
  for (const [qi, q] of queries.entries()) {
    const t0 = process.hrtime.bigint();
    const near = await repo.relatedArticles({
      vector: q,
      candidates: TOP + 24,
      take: TOP,
      keep: (a) => a.id !== queryIds[qi],
    });
    ms.push(seconds(t0) * 1000);
    const got = new Set(near.map((a) => a.id));
    const truth = tops[none]![qi]!;
    found += truth.filter((e) => got.has(e.id)).length / Math.max(1, truth.length);
  }
  rows.push(
    `| none, \`relatedArticles\` (/v1/related: graph order, no rescoring) | ${times.filter((x) => x > 0).length.toLocaleString("en-US")} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} | ${(found / queries.length).toFixed(3)} |`,
  );
  log(rows.at(-1)!);
}
// POST /v1/search/vector's whole domain call: articles and stories of the last 72 hours, limit 20.
{
  const w = windows.find((x) => x.label === "72 h")!;
  const store = { vectors: repo } as unknown as Store;
  const ms: number[] = [];
  for (const q of queries) {
    const body = {
      embedding: [...q],
      types: ["article", "story"],
      since_hours: 72,
      limit: 20,
    } as VectorSearchBody;
    const t0 = process.hrtime.bigint();
    await vectorSearch(store, body, w.since + 72 * 3_600_000);
    ms.push(seconds(t0) * 1000);
  }
  const stories = db
    .prepare("SELECT count(*) FROM stories WHERE last_updated >= ? AND merged_into IS NULL")
    .pluck()
    .get(w.since) as number;
  rows.push(
    `| 72 h, \`vectorSearch\` (/v1/search/vector's domain call: articles and ${stories.toLocaleString("en-US")} stories, limit 20) | ${times.filter((x) => x > 0 && x >= w.since).length.toLocaleString("en-US")} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} | — |`,
  );
  log(rows.at(-1)!);
}
db.close();

const markdown = `## Vector search on a real 1M-article database (\`npm run bench:vectors-db\`)

${machineLine()}. Data directory: the ${graphSize.toLocaleString("en-US")}-vector database \`bench:scale\` builds from real
headlines (local 1536-d embedder), opened as the server opens it; the HNSW index (f16, M = 16) as saved beside it.
Search breadth (ef) at this size: ${searchBreadth(graphSize, 128)} (\`searchBreadth\`, lib/db/sqlite/vector-index/hnsw-set.ts).
**Queries**: ${queries.length} stored articles' own vectors through \`VectorRepo.nearestArticles\` (graph search, time
filter, the page's exact distances from SQLite; \`/v1/search/vector\`'s path) then \`VectorRepo.relatedArticles\`
(\`/v1/related\`'s path), each query's own article left out, as \`/v1/related\` does, and \`vectorSearch\` (the whole domain
call of \`/v1/search/vector\` with both types, read the way the endpoint reads them); recall@10 against
an exact pass over every stored vector. Timings are end to end: graph search, exact rescoring reads from the vec0
table (${chunkSize} vectors a chunk; migration 010 stores 32), the article rows. Database file
${(fs.statSync(path.join(DIR, "lede.db")).size / 2 ** 30).toFixed(1)} GiB; load average ${os.loadavg()[0]!.toFixed(1)} at the end. Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.

| time window | articles in window | p50 (ms) | p95 (ms) | recall@10 |
|---|---:|---:|---:|---:|
${rows.join("\n")}
`;
writeBenchSection("vector-ann-db", markdown);
console.log(markdown);
