// In-memory clustering quality on the labelled dev stream (no database): for quick, honest iteration.
// Usage: npx tsx bench/clustering-dev.ts [FILE] [param=value ...]
import fs from "node:fs";
import { gunzipSync } from "node:zlib";

import { toCategory } from "../lib/categories";
import { bcubed } from "../lib/clustering/bcubed";
import { DEFAULT_PARAMS, StreamClusterer, type ClusterParams } from "../lib/clustering/clusterer";
import { titleTokens } from "../lib/text/tokenize";

const args = process.argv.slice(2);
const file =
  args.find((a) => !a.includes("=")) ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz";
const params: ClusterParams = { ...DEFAULT_PARAMS };
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
      JSON.parse(l) as { id: string; title: string; category: string; published_at: number; cluster: string },
  );

const gold = new Map(rows.map((r) => [r.id, r.cluster]));
const atArrival = new Map<string, string>();
const c = new StreamClusterer(params);
const story = new Map<number, number>(); // article index → story id at arrival
const started = performance.now();
rows.forEach((r, i) => {
  const cat = process.env.DAYSPLIT
    ? `${toCategory(r.category)}-${Math.floor(r.published_at / 86_400_000)}`
    : toCategory(r.category);
  const events = c.assign({ id: i, terms: titleTokens(r.title), category: cat, time: r.published_at });
  for (const e of events) if (e.type !== "merge") story.set(i, e.storyId);
  atArrival.set(r.id, String(story.get(i)));
});
c.mergePass();
const final = new Map<string, string>();
for (const s of c.stories.values()) for (const m of s.members) final.set(rows[m]!.id, String(s.id));
const ms = (performance.now() - started) / rows.length;
const f = bcubed(final, gold);
const a = bcubed(atArrival, gold);
const pct = (x: number) => (100 * x).toFixed(2);
console.log(
  `final P ${pct(f.precision)} R ${pct(f.recall)} F1 ${pct(f.f1)} | at arrival F1 ${pct(a.f1)} | stories ${c.stories.size} | ${ms.toFixed(3)} ms/article | ${JSON.stringify(params)}`,
);
