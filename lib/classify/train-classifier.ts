/**
 * Trains the category classifier and writes `model.json` beside this file, then reports its accuracy on a held-out
 * split. Run: `npx tsx lib/classify/train-classifier.ts [path/to/dev-dayshuffled.jsonl.gz]`.
 *
 * Data: the news-clustering-dev headlines (UCI News Aggregator, CC BY 4.0; see its README), which label four
 * categories: b → business, t → technology (the set's "science and technology"), e → entertainment, m → health.
 * Stories are split 80/20 by a hash of their story id, so no story's headlines sit on both sides; the model trained
 * on the 80 % is the one shipped, so the held-out figure is the shipped model's. The six categories the data lacks
 * get their weights from the hand-written cues of lexicon.ts. Only model.json is needed at run time.
 */
import fs from "node:fs";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { createGunzip } from "node:zlib";

import { format } from "prettier";

import { writeBenchSection } from "../../bench/bench-report";
import { CATEGORIES, type Category } from "../categories";
import { fnv1a } from "../dedup/minhash";
import { textFeatures } from "./features";
import { LEXICON } from "./lexicon";
import type { ClassifierModel } from "./model-format";

const DATA =
  process.argv[2] ??
  fileURLToPath(
    new URL("../../../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz", import.meta.url),
  );
const OUT = fileURLToPath(new URL("./model.json", import.meta.url));
const LABELS: Record<string, Category> = { b: "business", t: "technology", e: "entertainment", m: "health" };
const TRAINED = ["business", "technology", "entertainment", "health"] as const;
const MIN_UNIGRAM = 4;
const MIN_BIGRAM = 8;
const FLOOR = -0.5;

/**
 * Smoothing, the least spread a feature's weights need to be kept (weights that barely separate the categories
 * cost space and add only noise) and the lead the best category needs: chosen on a validation split of the
 * training stories, never on the held-out ones.
 */
interface Params {
  alpha: number;
  minSpread: number;
  margin: number;
}
const GRID: Params[] = [0.25, 0.5, 1, 2].flatMap((alpha) =>
  [0.5, 0.8, 1.2].map((minSpread) => ({ alpha, minSpread, margin: 0.5 })),
);

interface Row {
  title: string;
  category: Category;
  story: string;
  heldOut: boolean;
}

async function readRows(file: string): Promise<Row[]> {
  const rl = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  const rows: Row[] = [];
  for await (const line of rl) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { title: string; category: string; cluster: string };
    const category = LABELS[r.category];
    if (category)
      rows.push({ title: r.title, category, story: r.cluster, heldOut: fnv1a(r.cluster) % 5 === 0 });
  }
  return rows;
}

/** Naive Bayes log-likelihood ratios against the pooled distribution, for the four labelled categories. */
function trainedWeights(
  rows: Row[],
  { alpha: ALPHA, minSpread: MIN_SPREAD }: Params,
): Map<string, Map<Category, number>> {
  const counts = new Map<string, Map<Category, number>>();
  const totals = new Map<Category, number>(TRAINED.map((c) => [c, 0]));
  for (const r of rows) {
    for (const f of new Set(textFeatures(r.title))) {
      let m = counts.get(f);
      if (!m) counts.set(f, (m = new Map()));
      m.set(r.category, (m.get(r.category) ?? 0) + 1);
      totals.set(r.category, (totals.get(r.category) ?? 0) + 1);
    }
  }
  const kept = [...counts].filter(([f, m]) => {
    const n = [...m.values()].reduce((a, b) => a + b, 0);
    return n >= (f.includes(" ") ? MIN_BIGRAM : MIN_UNIGRAM);
  });
  const V = kept.length;
  const N = [...totals.values()].reduce((a, b) => a + b, 0);
  const out = new Map<string, Map<Category, number>>();
  for (const [f, m] of kept) {
    const n = [...m.values()].reduce((a, b) => a + b, 0);
    const background = Math.log((n + TRAINED.length * ALPHA) / (N + TRAINED.length * ALPHA * V));
    const w = new Map<Category, number>();
    for (const c of TRAINED) {
      const llr = Math.log(((m.get(c) ?? 0) + ALPHA) / ((totals.get(c) ?? 0) + ALPHA * V)) - background;
      w.set(c, Math.max(FLOOR, llr));
    }
    const values = [...w.values()];
    if (Math.max(...values) - Math.min(...values) >= MIN_SPREAD) out.set(f, w);
  }
  return out;
}

/** The cue phrases as features: a one-word cue weighs on its stem, a longer one on its adjacent pairs. */
function lexiconWeights(): Map<string, Map<Category, number>> {
  const out = new Map<string, Map<Category, number>>();
  for (const category of CATEGORIES) {
    for (const [weight, phrases] of LEXICON[category]) {
      for (const phrase of phrases) {
        const features = textFeatures(phrase);
        const pairs = features.filter((f) => f.includes(" "));
        const targets = pairs.length > 0 ? pairs : features.slice(0, 1);
        for (const f of targets) {
          let m = out.get(f);
          if (!m) out.set(f, (m = new Map()));
          m.set(category, Math.max(m.get(category) ?? 0, weight / targets.length));
        }
      }
    }
  }
  return out;
}

function buildModel(rows: Row[], params: Params): ClassifierModel {
  const merged = trainedWeights(rows, params);
  for (const [f, lex] of lexiconWeights()) {
    let m = merged.get(f);
    if (!m) merged.set(f, (m = new Map()));
    for (const [c, w] of lex) m.set(c, Math.max(m.get(c) ?? -Infinity, w));
  }
  const weights: Record<string, number[]> = {};
  for (const [f, m] of [...merged].sort(([a], [b]) => a.localeCompare(b))) {
    const flat: number[] = [];
    for (const [c, w] of m) {
      const rounded = Math.round(w * 100) / 100;
      if (rounded !== 0) flat.push(CATEGORIES.indexOf(c), rounded);
    }
    if (flat.length > 0) weights[f] = flat;
  }
  return {
    categories: [...CATEGORIES],
    threshold: 1,
    margin: params.margin,
    excerptWeight: 0.5,
    weights,
    meta: {
      trainedOn:
        "news-clustering-dev (UCI News Aggregator, CC BY 4.0): 80 % of stories, split by story id hash",
      lexicon: "lib/classify/lexicon.ts",
      trainingHeadlines: rows.length,
      params,
    },
  };
}

async function main() {
  const rows = await readRows(DATA);
  const train = rows.filter((r) => !r.heldOut);
  const test = rows.filter((r) => r.heldOut);
  const { scoreWithModel } = (await import("./classify-category")) as typeof import("./classify-category");
  // Parameters: a fifth of the training stories validates the rest (split by another hash of the story id).
  const isValidation = (r: Row) => fnv1a(`validation:${r.story}`) % 5 === 0;
  const fit = train.filter((r) => !isValidation(r));
  const validation = train.filter(isValidation);
  let best: { params: Params; accuracy: number } | null = null;
  for (const params of GRID) {
    const candidate = buildModel(fit, params);
    const ok = validation.filter((r) => scoreWithModel(candidate, r.title).category === r.category).length;
    const accuracy = ok / validation.length;
    if (!best || accuracy > best.accuracy) best = { params, accuracy };
  }
  console.log(
    `parameters ${JSON.stringify(best!.params)}: validation accuracy ${(100 * best!.accuracy).toFixed(1)} %`,
  );
  const model = buildModel(train, best!.params);
  fs.writeFileSync(OUT, await format(JSON.stringify(model), { parser: "json", printWidth: 110 }));
  // The written file holds exactly these (rounded) weights: the figures below are the shipped model's.
  const scoreCategories = (title: string, excerpt?: string) => scoreWithModel(model, title, excerpt);
  let strict = 0;
  let lenient = 0;
  let abstained = 0;
  let amongFour = 0;
  const perClass = new Map<Category, { n: number; ok: number }>();
  for (const r of test) {
    const { category: got, scores } = scoreCategories(r.title);
    const bestOfFour = [...TRAINED].sort((a, b) => scores[b] - scores[a])[0];
    if (bestOfFour === r.category) amongFour++;
    const pc = perClass.get(r.category) ?? { n: 0, ok: 0 };
    pc.n++;
    if (got === null) abstained++;
    if (got === r.category) {
      strict++;
      pc.ok++;
    }
    if (got === r.category || (r.category === "technology" && got === "science")) lenient++;
    perClass.set(r.category, pc);
  }
  // The simulated newswire's events carry a true category among all ten (an outlet sometimes files an article
  // under a neighbouring one; the event's is the truth here). Headline and lede, as the pipeline reads them.
  const { generateNewswire } = (await import("../newswire")) as typeof import("../newswire");
  const wire = generateNewswire({ seed: "category-check", days: 3 });
  const eventCategory = new Map(wire.events.map((e) => [e.id, e.category]));
  const wirePer = new Map<Category, { n: number; ok: number }>();
  let wireOk = 0;
  let wirePipeline = 0;
  for (const a of wire.articles) {
    const truth = eventCategory.get(a.eventId) ?? a.category;
    const got = scoreCategories(a.title, a.text).category;
    if ((got ?? "world") === truth) wirePipeline++;
    const pc = wirePer.get(truth) ?? { n: 0, ok: 0 };
    pc.n++;
    if (got === truth) {
      wireOk++;
      pc.ok++;
    }
    wirePer.set(truth, pc);
  }
  const pct = (x: number, n = test.length) => `${((100 * x) / n).toFixed(1)} %`;
  const md = [
    "## Category classifier",
    "",
    `\`npx tsx lib/classify/train-classifier.ts\`: held-out 20 % of news-clustering-dev by story (${test.length} headlines of stories never seen in training; trained on ${train.length}). The set labels four categories; the model chooses among all ten, and an abstention (the pipeline then falls back to \`world\`) counts as wrong.`,
    "",
    "| measure | value |",
    "| --- | --- |",
    `| accuracy, exact category | ${pct(strict)} |`,
    `| accuracy, \`science\` accepted for the set's science-and-technology label | ${pct(lenient)} |`,
    `| abstained | ${pct(abstained)} |`,
    `| accuracy when choosing only among the four labelled categories | ${pct(amongFour)} |`,
    ...[...perClass].map(([c, v]) => `| recall, ${c} | ${pct(v.ok, v.n)} (${v.n}) |`),
    `| model size | ${Object.keys(model.weights).length} features, ${(fs.statSync(OUT).size / 1024).toFixed(0)} KiB |`,
    "",
    `Simulated newswire (seed \`category-check\`, 3 days, ${wire.articles.length} articles, headline and lede): the true category of each article's event, all ten categories; an abstention counts as wrong. Accuracy **${pct(wireOk, wire.articles.length)}**; ${pct(wirePipeline, wire.articles.length)} as the pipeline decides when no feed or source category applies (an abstention falls back to \`world\`).`,
    "",
    "| category | articles | recall |",
    "| --- | ---: | ---: |",
    ...[...wirePer]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([c, v]) => `| ${c} | ${v.n} | ${pct(v.ok, v.n)} |`),
  ].join("\n");
  console.log(md);
  writeBenchSection("category-classifier", md);
}

void main();
