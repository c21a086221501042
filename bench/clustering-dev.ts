// In-memory clustering quality on the labelled dev stream (no database): for quick, honest iteration.
// Usage: npx tsx bench/clustering-dev.ts [FILE] [param=value ...]
import fs from "node:fs";
import { gunzipSync } from "node:zlib";

import { toCategory } from "../lib/categories";
import { bcubed } from "../lib/clustering/bcubed";
import {
  DEFAULT_PARAMS,
  StreamClusterer,
  TEXT_ONLY_PARAMS,
  type ClusterParams,
} from "../lib/clustering/clusterer";
import { FeatureExtractor } from "../lib/clustering/features";
import { loadWordVectors } from "../lib/nlp/word-vectors";

const args = process.argv.slice(2);
const file =
  args.find((a) => !a.includes("=")) ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz";
const params: ClusterParams = { ...(process.env.VECTORS ? DEFAULT_PARAMS : TEXT_ONLY_PARAMS) };
for (const a of args.filter((x) => x.includes("="))) {
  const [k, v] = a.split("=") as [keyof ClusterParams, string];
  (params as unknown as Record<string, unknown>)[k] = v === "true" ? true : v === "false" ? false : Number(v);
}
const rows = gunzipSync(fs.readFileSync(file))
  .toString("utf8")
  .trim()
  .split("\n")
  .map(
    (l) =>
      JSON.parse(l) as {
        id: string;
        title: string;
        url: string;
        category: string;
        published_at: number;
        cluster: string;
      },
  );

const gold = new Map(rows.map((r) => [r.id, r.cluster]));
const atArrival = new Map<string, string>();
const c = new StreamClusterer(params);
const story = new Map<number, number>(); // article index → story id at arrival
const wv = process.env.VECTORS
  ? loadWordVectors(process.env.LEDE_MODEL_DIR ?? "/tmp/lede-bench-models")
  : null;
const features = new FeatureExtractor(wv, c.stats);
const started = performance.now();
rows.forEach((r, i) => {
  const events = c.assign(
    features.article({
      id: i,
      title: r.title,
      url: r.url,
      category: toCategory(r.category) ?? null,
      time: r.published_at,
    }),
  );
  for (const e of events)
    if ((e.type === "create" || e.type === "join") && e.articleId === i) story.set(i, e.storyId);
  atArrival.set(r.id, String(story.get(i)));
});
c.settle();
const final = new Map<string, string>();
for (const s of c.stories.values()) for (const m of s.members) final.set(rows[m]!.id, String(s.id));
const ms = (performance.now() - started) / rows.length;
const f = bcubed(final, gold);
const a = bcubed(atArrival, gold);
const pct = (x: number) => (100 * x).toFixed(2);
console.log(
  `final P ${pct(f.precision)} R ${pct(f.recall)} F1 ${pct(f.f1)} | at arrival F1 ${pct(a.f1)} | stories ${c.stories.size} | ${ms.toFixed(3)} ms/article | ${JSON.stringify(params)}`,
);

if (process.env.ANALYZE) {
  const predOf = new Map<number, number>();
  for (const s of c.stories.values()) for (const m of s.members) predOf.set(m, s.id);
  const byGold = new Map<string, number[]>();
  rows.forEach((r, i) => byGold.set(r.cluster, [...(byGold.get(r.cluster) ?? []), i]));
  const frag = [...byGold.entries()].map(([g, ms]) => {
    const parts = new Map<number, number>();
    for (const m of ms) parts.set(predOf.get(m)!, (parts.get(predOf.get(m)!) ?? 0) + 1);
    let r = 0;
    for (const v of parts.values()) r += (v * v) / ms.length;
    return { g, ms, parts, loss: ms.length - r };
  });
  frag.sort((a, b) => b.loss - a.loss);
  for (const f of frag.slice(0, 5)) {
    console.log(
      `gold ${f.g.slice(0, 6)} size ${f.ms.length} loss ${f.loss.toFixed(0)} parts ${[...f.parts.values()]
        .sort((a, b) => b - a)
        .slice(0, 8)
        .join(",")}`,
    );
    const seen = new Set<number>();
    for (const m of f.ms) {
      const p = predOf.get(m)!;
      if (seen.has(p)) continue;
      seen.add(p);
      if (seen.size > 5) break;
      console.log(`   [${p}] ${rows[m]!.title}`);
    }
  }
}
