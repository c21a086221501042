// In-memory replay of story clustering on both quality streams, for quick iteration: the labelled dev stream
// (real headlines, stories that live about a day) and the simulated newswire (events that run several days,
// feed excerpts included). Same features (`FeatureExtractor`) and clusterer as the pipeline, no database; the
// end-to-end benches (`clustering-quality.ts`, `newswire-clustering.ts`) are the ones that count.
// Usage: npx tsx bench/clustering-replay.ts [dev] [newswire] [seeds=1,2] [param=value ...]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { toCategory } from "../lib/categories";
import { bcubed, projectBy, utcDay, type ClusterScores } from "../lib/clustering/bcubed";
import { DEFAULT_PARAMS, StreamClusterer, type ClusterParams } from "../lib/clustering/clusterer";
import { FeatureExtractor, type FeatureInput } from "../lib/clustering/features";
import { extractEntities } from "../lib/entities/extract-entities";
import { OutletNames } from "../lib/entities/outlets";
import { bcubedOver, multiDayEvents } from "../lib/newswire/diagnose";
import { generateNewswire } from "../lib/newswire/generate";
import { loadWordVectors } from "../lib/nlp/word-vectors";
import { continuity, loadPairs } from "./continuity";

const args = process.argv.slice(2);
const params: ClusterParams = { ...DEFAULT_PARAMS };
let seeds = ["1"];
for (const a of args.filter((x) => x.includes("="))) {
  const [k, v] = a.split("=") as [string, string];
  if (k === "seeds") seeds = v.split(",");
  else if (!(k in params)) throw new Error(`unknown parameter ${k}`);
  else
    (params as unknown as Record<string, unknown>)[k] =
      v === "true" ? true : v === "false" ? false : Number.isNaN(Number(v)) ? v : Number(v);
}
const want = (name: string) => args.includes(name) || !args.some((a) => a === "dev" || a === "newswire");
const vectors = loadWordVectors(process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models"));
const pct = (x: number) => (100 * x).toFixed(2);
const fmt = (s: ClusterScores) => `F1 ${pct(s.f1)} (P ${pct(s.precision)} R ${pct(s.recall)})`;

/**
 * `outlets`: the registered outlet names, and each item's `source`, as enrichment passes them (an import registers
 * its sources), so publisher credits and outlets named alone are no names.
 */
function replay(
  items: Array<Omit<FeatureInput, "id"> & { key: string; source?: string }>,
  p: ClusterParams,
  outlets?: OutletNames,
) {
  const c = new StreamClusterer(p);
  const features = new FeatureExtractor(vectors, c.stats);
  const arrival = new Map<string, string>();
  const named = items.map(({ source, ...it }) => ({
    ...it,
    names: extractEntities(
      { title: it.title, text: it.excerpt ?? null },
      outlets ? { outlets, source } : {},
    ).entities.map((e) => e.ref),
  }));
  const started = performance.now();
  named.forEach((it, i) => {
    for (const e of c.assign(features.article({ ...it, id: i })))
      if ((e.type === "create" || e.type === "join") && e.articleId === i)
        arrival.set(it.key, String(e.storyId));
  });
  c.settle();
  const msPerArticle = (performance.now() - started) / items.length;
  const final = new Map<string, string>();
  for (const s of c.stories.values()) for (const m of s.members) final.set(items[m]!.key, String(s.id));
  return { final, arrival, stories: c.stories.size, msPerArticle };
}

if (want("dev")) {
  const file = path.resolve("../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
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
  const r = replay(
    rows.map((x) => ({
      key: x.id,
      title: x.title,
      url: x.url,
      category: toCategory(x.category) ?? null,
      time: x.published_at,
    })),
    params,
  );
  const day = new Map(rows.map((x) => [x.id, utcDay(x.published_at)]));
  const byDay = (m: Map<string, string>) => projectBy(m, (id) => day.get(id) ?? "");
  const pairs = loadPairs(
    path.resolve("../shared/data/news-clustering-dev/continuity/continuity-pairs.jsonl"),
  );
  const cont = continuity(pairs, r.final, gold);
  console.log(
    `dev: day-projected final ${fmt(bcubed(byDay(r.final), gold))} | at arrival ${fmt(bcubed(byDay(r.arrival), gold))} | raw final ${fmt(bcubed(r.final, gold))} | ${r.stories} stories | ${r.msPerArticle.toFixed(3)} ms/article`,
  );
  console.log(
    `dev continuity: F1 ${cont.f1.toFixed(4)} (P ${cont.precision.toFixed(4)} R ${cont.recall.toFixed(4)}; linked ${cont.linkedSame}/${cont.same} same, ${cont.linkedDifferent} different)`,
  );
  if (process.env.SHOW_PAIRS) {
    for (const p of cont.falseLinks) console.log(`  false link [${p.band} ${p.cosine}] ${p.reason}`);
    for (const p of cont.misses) console.log(`  missed [${p.band} ${p.cosine}] ${p.reason}`);
  }
  if (process.env.SHOW_SPLITS) showSplits(rows, byDay(r.final), gold, Number(process.env.SHOW_SPLITS) || 20);
}

/**
 * The gold stories that lose the most day-projected recall, each with the predicted stories (of that day) its
 * articles sit in: how many of its articles, the predicted story's size that day and one headline. A piece that is
 * most of its predicted story is a refused join (a bar, the core-term rule, a split); a small share of a large one is
 * an article glued to another happening.
 */
function showSplits(
  rows: Array<{ id: string; title: string }>,
  predicted: Map<string, string>,
  gold: Map<string, string>,
  top: number,
) {
  const title = new Map(rows.map((x) => [x.id, x.title]));
  const predSize = new Map<string, number>();
  for (const p of predicted.values()) predSize.set(p, (predSize.get(p) ?? 0) + 1);
  const pieces = new Map<string, Map<string, string[]>>();
  for (const [id, g] of gold) {
    const p = predicted.get(id) ?? `alone ${id}`;
    let byPred = pieces.get(g);
    if (!byPred) pieces.set(g, (byPred = new Map()));
    byPred.set(p, [...(byPred.get(p) ?? []), id]);
  }
  const loss = (byPred: Map<string, string[]>) => {
    const n = [...byPred.values()].reduce((a, ids) => a + ids.length, 0);
    return [...byPred.values()].reduce((a, ids) => a + ids.length * (1 - ids.length / n), 0) / gold.size;
  };
  const ranked = [...pieces].sort((x, y) => loss(y[1]) - loss(x[1])).slice(0, top);
  for (const [, byPred] of ranked) {
    const parts = [...byPred].sort((x, y) => y[1].length - x[1].length);
    const n = parts.reduce((a, [, ids]) => a + ids.length, 0);
    console.log(`  gold story of ${n}, recall loss ${(100 * loss(byPred)).toFixed(2)} points:`);
    for (const [p, ids] of parts.slice(0, 6))
      console.log(`    ${ids.length} of predicted ${predSize.get(p) ?? 1}: ${title.get(ids[0]!)}`);
  }
}

if (want("newswire")) {
  for (const seed of seeds) {
    const nw = generateNewswire({ seed, days: 5 });
    const gold = new Map(nw.articles.map((a) => [a.id, a.eventId]));
    const multi = multiDayEvents(nw.articles);
    const outletOf = new Map(nw.outlets.map((o) => [o.slug, o.name]));
    const r = replay(
      nw.articles.map((a) => ({
        key: a.id,
        title: a.title,
        url: a.url,
        excerpt: process.env.NO_EXCERPT ? null : a.text,
        category: toCategory(a.category) ?? null,
        time: a.publishedAt,
        source: outletOf.get(a.outlet),
      })),
      params,
      process.env.NO_OUTLETS ? undefined : new OutletNames(nw.outlets.map((o) => o.name)),
    );
    const multiIds = nw.articles.filter((a) => multi.has(a.eventId)).map((a) => a.id);
    const singleIds = nw.articles.filter((a) => !multi.has(a.eventId)).map((a) => a.id);
    console.log(
      `newswire ${seed}: final ${fmt(bcubed(r.final, gold))} | multi-day ${fmt(bcubedOver(r.final, gold, multiIds))} | single-day ${fmt(bcubedOver(r.final, gold, singleIds))} | at arrival ${fmt(bcubed(r.arrival, gold))} | ${r.stories} stories`,
    );
  }
}
