// The docs/benchmarks.md section of bench/vector-ann.ts.

export interface WindowResult {
  label: string;
  /** Articles in the window. */
  rows: number;
  p50: number;
  p95: number;
  recall: number;
  /** Median of sqlite-vec's exact KNN over the same window: what a query cost before the index. */
  scanMs: number;
}

export interface SizeResult {
  vectors: number;
  buildS: number;
  rssGrowthMiB: number;
  fileMiB: number;
  saveS: number;
  loadS: number;
  windows: WindowResult[];
  /** One-minute load average when the size finished: the machine is shared, so timings carry its noise. */
  load: number;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => (n < 10 ? n.toFixed(1) : int(n));

export function renderVectorBench(results: SizeResult[], meta: { machine: string; queries: number }): string {
  const sizes = [...results].sort((a, b) => a.vectors - b.vectors);
  const build = sizes.map(
    (r) =>
      `| ${int(r.vectors)} | ${int(r.buildS)} | ${int(r.vectors / r.buildS)} | ${int(r.rssGrowthMiB)} | ${int(r.fileMiB)} | ${r.saveS.toFixed(1)} | ${r.loadS.toFixed(1)} | ${r.load.toFixed(1)} |`,
  );
  const queries = sizes.flatMap((r) =>
    r.windows.map(
      (w) =>
        `| ${int(r.vectors)} | ${w.label} | ${int(w.rows)} | ${ms(w.p50)} | ${ms(w.p95)} | ${w.recall.toFixed(3)} | ${ms(w.scanMs)} |`,
    ),
  );
  return `## Vector search: HNSW index (\`npm run bench:vectors\`)

${meta.machine}. Article vectors (1536 dimensions) in a fresh SQLite file, the HNSW index (usearch, f16, M = 16,
efConstruction = ef = 128, plus the 7-day graph) built from it through the store's own rebuild path.

**Vectors.** Synthetic, embedding-like and clustered (lib/vectors/synthetic-vectors.ts): each is a direction every
vector shares (15 % of its squared length), one of 300 topic centres (30 %), one of vectors/8 story centres under
that topic (30 %) and isotropic noise (25 %), normalised; cosine ≈ 0.75 within a story, 0.45 within a topic, 0.15
otherwise. Articles are spread evenly over max(14 days, one day per 10,000 articles), newest last.
**Queries.** ${meta.queries} new articles drawn from the same stories, one at a time through
\`VectorRepo.nearestArticles\` (limit 10): graph search, time filter, exact rescoring from SQLite and the article
rows. Recall@10 is against a brute force over every stored vector in JS; "exact scan" is sqlite-vec's KNN over the
same window, the path every query took before the index (median of 3). The machine is shared with other work: the
load average is given per size, and timings move with it.

| vectors | build (s) | vectors/s | RSS growth (MiB) | index files (MiB) | save (s) | load (s) | load avg |
|---:|---:|---:|---:|---:|---:|---:|---:|
${build.join("\n")}

| vectors | time window | rows in window | p50 (ms) | p95 (ms) | recall@10 | exact scan p50 (ms) |
|---|---|---:|---:|---:|---:|---:|
${queries.join("\n")}

Targets (issue #15): p95 < 20 ms at 1M vectors, recall@10 ≥ 0.95.
`;
}
