// Clustering cost per article with 100,000 live stories in memory (target: at most 2 ms per article).
// Stories are rebuilt from real dev headlines; then fresh headlines are assigned one by one and timed,
// tokenisation, the headline vector and the identity evidence of entities included (entities are extracted by the
// enrichment stage, whose cost bench:enrichment measures, so they are computed before the timed loop). Usage: npm run bench:clustering-speed [-- FILE]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { DEFAULT_PARAMS, StreamClusterer, type ClusterArticle } from "../lib/clustering/clusterer";
import { FeatureExtractor } from "../lib/clustering/features";
import { extractEntities } from "../lib/entities/extract-entities";
import { loadWordVectors } from "../lib/nlp/word-vectors";
import { machineLine, writeBenchSection } from "./bench-report";

const LIVE = 100_000;
const MEASURED = 5_000;
const file = path.resolve(process.argv[2] ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
const rows = gunzipSync(fs.readFileSync(file))
  .toString("utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as { title: string; url: string; category: string });
const vectors = loadWordVectors(process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models"));
const T0 = Date.UTC(2025, 0, 1);
let nextId = 1;
const c = new StreamClusterer(DEFAULT_PARAMS, () => nextId++);
const features = new FeatureExtractor(vectors, c.stats);

// Entities as enrichment passes them to clustering (`type:key`), extracted once per distinct headline.
const namesOf = new Map<string, string[]>();
const names = (title: string) => {
  let n = namesOf.get(title);
  if (!n) namesOf.set(title, (n = extractEntities({ title, text: null }).entities.map((e) => e.ref)));
  return n;
};

// The pipeline's features: headline and URL-slug terms, the headline's word vector, the entities. Measured
// articles also carry a lede (their headline again: the dev stream has none), so the identity rule, which only
// judges reports with a lede, runs for each of them.
const toArticle = (
  id: number,
  r: { title: string; url: string; category: string },
  time: number,
  lede = false,
): ClusterArticle =>
  features.article({
    id,
    title: r.title,
    url: r.url,
    category: r.category,
    time,
    names: names(r.title),
    ...(lede ? { excerpt: r.title } : {}),
  });

// Term statistics first, then 100k live stories spread over the last 10 days (inside the 14-day horizon).
for (const r of rows) c.stats.add(features.terms(r.title, r.url));
const buildStarted = performance.now();
for (let i = 0; i < LIVE; i++) {
  const r = rows[i % rows.length]!;
  const time = T0 + Math.floor((i / LIVE) * 10 * 86_400_000);
  c.restore(nextId++, [toArticle(i, r, time, true)]);
}
const buildSecs = (performance.now() - buildStarted) / 1000;

// Wall-clock time per article, and the process's CPU time per article: on a machine shared with other work the
// wall clock also counts time spent waiting for a core, the CPU time does not.
const times: number[] = [];
const now = T0 + 10 * 86_400_000;
const measured = Array.from({ length: MEASURED }, (_, i) => rows[(i * 7919) % rows.length]!);
for (const r of measured) names(r.title);
const cpuStarted = process.cpuUsage();
for (let i = 0; i < MEASURED; i++) {
  const r = measured[i]!;
  const started = performance.now();
  c.assign(toArticle(LIVE + i, r, now + i * 1000, true));
  times.push(performance.now() - started);
}
const cpu = process.cpuUsage(cpuStarted);
const cpuMs = (cpu.user + cpu.system) / 1000 / MEASURED;
const load = os.loadavg()[0]!;
times.sort((a, b) => a - b);
const mean = times.reduce((s, x) => s + x, 0) / times.length;
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
const rssMb = process.memoryUsage().rss / 2 ** 20;
console.log(
  `live stories ${c.stories.size}; per article mean ${mean.toFixed(3)} ms, p50 ${q(0.5).toFixed(3)}, p95 ${q(0.95).toFixed(3)}, p99 ${q(0.99).toFixed(3)} ms; CPU ${cpuMs.toFixed(3)} ms/article; load ${load.toFixed(1)}; rss ${rssMb.toFixed(0)} MiB`,
);
writeBenchSection(
  "clustering-speed",
  `## Clustering speed at 100k live stories

Run: \`npm run bench:clustering-speed\` (script: \`bench/clustering-speed.ts\`). Machine: ${machineLine()}.
${LIVE.toLocaleString("en")} live stories rebuilt in memory from dev headlines (${buildSecs.toFixed(1)} s), then ${MEASURED.toLocaleString("en")} headlines assigned one by one,
timed with the pipeline's features (headline and URL-slug terms, the headline's word vector, the enrichment stage's entities
with a lede so that the identity rule runs), candidate lookup, scoring, the periodic merge passes and continuations across
news cycles. Target: at most 2 ms per article. The machine is shared: the load average was ${load.toFixed(1)} on
${os.cpus().length} cores during the run, so the process's CPU time per article is given beside the wall-clock figures.

| live stories | mean | p50 | p95 | p99 | CPU time per article | process RSS |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${c.stories.size.toLocaleString("en")} | **${mean.toFixed(3)} ms** | ${q(0.5).toFixed(3)} ms | ${q(0.95).toFixed(3)} ms | ${q(0.99).toFixed(3)} ms | ${cpuMs.toFixed(3)} ms | ${rssMb.toFixed(0)} MiB |`,
);
