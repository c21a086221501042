// How well cosine similarity separates same-story pairs from different-story pairs on the labelled dev stream
// (ROC AUC over sampled headline pairs), for the local embedder and plain TF-IDF; plus embedding throughput.
// Usage: npx tsx bench/embedding-separation.ts [FILE]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { cosine, type Sparse } from "../lib/clustering/sparse";
import { TermStats } from "../lib/clustering/term-stats";
import { cosineSimilarity } from "../lib/embeddings/embedder";
import {
  LOCAL_EMBEDDER_PARAMS,
  LocalEmbedder,
  type LocalEmbedderParams,
} from "../lib/embeddings/local-embedder";
import { loadWordVectors } from "../lib/nlp/word-vectors";
import { titleTokens } from "../lib/text/tokenize";
import { machineLine, writeBenchSection } from "./bench-report";
import { rocAuc, samplePairs, type Pair } from "./pair-sampling";

const PAIRS = 20_000;
const file = path.resolve(process.argv[2] ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
interface Row {
  title: string;
  category: string;
  published_at: number;
  cluster: string;
}
const rows = gunzipSync(fs.readFileSync(file))
  .toString("utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Row);
const vectors = loadWordVectors(process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models"));

const sets = samplePairs(rows, PAIRS, 1);

// Plain TF-IDF: stemmed unigrams, IDF learnt from the dev titles themselves (the baseline's best case).
const stats = new TermStats();
const termLists = rows.map((r) => titleTokens(r.title));
for (const t of termLists) stats.add(t);
const tfidf = termLists.map((terms) => {
  const v: Sparse = new Map();
  for (const t of terms) v.set(t, (v.get(t) ?? 0) + stats.idf(t));
  return v;
});

function aucs(score: (p: Pair) => number) {
  const pos = sets.positive.map(score);
  return { random: rocAuc(pos, sets.random.map(score)), hard: rocAuc(pos, sets.hard.map(score)) };
}

function embedAll(params: Partial<LocalEmbedderParams>) {
  const e = new LocalEmbedder(vectors, params);
  return rows.map((r) => e.embedOne(r.title));
}

const variants: Array<{ label: string; params: Partial<LocalEmbedderParams> }> = [
  { label: `**local embedder (\`lede-local-sif-v1\`)**`, params: {} },
  { label: "word-vector block only (SIF)", params: { semanticShare: 1 } },
  {
    label: "word-vector block only, without common-direction removal",
    params: { semanticShare: 1, removeCommon: false },
  },
  { label: "hashed TF-IDF block only (unigrams + bigrams)", params: { semanticShare: 0 } },
];
const results = variants.map((v) => {
  const vs = embedAll(v.params);
  return { label: v.label, ...aucs((p) => cosineSimilarity(vs[p.a]!, vs[p.b]!)) };
});
const baseline = aucs((p) => cosine(tfidf[p.a]!, tfidf[p.b]!));

// Throughput, one core: median of 5 timed rounds, by wall clock and by CPU time (the machine is shared), on
// headlines and on article-sized input (a title plus about 300 characters of other headlines as a stand-in body).
const buildStarted = performance.now();
const embedder = new LocalEmbedder(vectors);
const buildMs = performance.now() - buildStarted;
const bodies = rows.slice(0, 4_000).map((r, i) => {
  let body = "";
  for (let k = 1; body.length < 300; k++) body += `${rows[(i * 31 + k * 7919) % rows.length]!.title}. `;
  return `${r.title}\n${body.slice(0, 300)}`;
});
const titles = rows.slice(10_000, 14_000).map((r) => r.title);
/** Texts per second of wall time and per second of this process's CPU time (robust to other load). */
function rate(texts: string[]) {
  for (const t of texts.slice(0, 500)) embedder.embedOne(t);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (const t of texts) embedder.embedOne(t);
    const used = process.cpuUsage(cpuStarted);
    wall.push(texts.length / ((performance.now() - started) / 1000));
    cpu.push(texts.length / ((used.user + used.system) / 1e6));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
  return { wall: median(wall), cpu: median(cpu) };
}
const headlineRate = rate(titles);
const articleRate = rate(bodies);

const f = (x: number) => x.toFixed(4);
const n = (x: number) => Math.round(x).toLocaleString("en");
const table = [
  "| similarity | AUC, random negatives | AUC, hard negatives |",
  "| --- | ---: | ---: |",
  ...results.map((r) => `| ${r.label} | ${f(r.random)} | ${f(r.hard)} |`),
  `| plain TF-IDF cosine (stemmed unigrams, IDF from the dev titles) | ${f(baseline.random)} | ${f(baseline.hard)} |`,
].join("\n");
console.log(table);
console.log(
  `headlines ${n(headlineRate.wall)}/s wall, ${n(headlineRate.cpu)}/CPU-s; articles ${n(articleRate.wall)}/s wall, ${n(articleRate.cpu)}/CPU-s; build ${n(buildMs)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
);

const p = LOCAL_EMBEDDER_PARAMS;
const beats = results[0]!.random > baseline.random && results[0]!.hard > baseline.hard;
writeBenchSection(
  "embedding-separation",
  `## Embedding separation (same story vs different story)

Run: \`npx tsx bench/embedding-separation.ts\`. Machine: ${machineLine()}.
Data: \`${path.basename(file)}\` (titles only). ${n(PAIRS)} same-story pairs (a random article and a random other
article of its story), ${n(PAIRS)} random different-story pairs and ${n(PAIRS)} hard ones (same category, published
within 2 days, different story); seed 1. The figure is the ROC AUC of cosine similarity for telling same-story pairs
from each negative set (1 = perfect, 0.5 = chance).

${table}

Local embedder settings: SIF a = ${p.sifA}, word-vector share of the cosine ${p.semanticShare}, bigram weight
${p.bigramWeight}, common-direction removal ${p.removeCommon ? "on" : "off"}. Its word probabilities and IDF come
from the frequency order of the npm word-vector vocabulary (Zipf's law), not from this data; the TF-IDF baseline's
IDF is fitted on the dev titles.

Acceptance: the local embedder's AUC beats plain TF-IDF on both negative sets: **${beats ? "yes" : "no"}**.

Throughput on one core, median of 5 rounds after a warm-up, per second of the process's CPU time (wall-clock rate in
brackets; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores during the run): headlines ${n(headlineRate.cpu)}/s
(${n(headlineRate.wall)}/s); article-sized input, title + 300 characters, **${n(articleRate.cpu)} articles/s**
(${n(articleRate.wall)}/s). Target: at least 2,000 articles/s (${articleRate.cpu >= 2000 ? "met" : "not met"}).
Building the embedder (word statistics and common direction from the vocabulary) takes ${n(buildMs)} ms once per process.`,
);
