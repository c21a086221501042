// Story clustering quality, end to end: `lede import` of the labelled dev stream into a fresh data directory,
// `lede export assignments`, then
// - BCubed P/R/F1 against the gold story labels, for the labels after import and for each article's story at
//   arrival; day-projected (each predicted story cut by the UTC day of its articles, since every gold story lies
//   within one day and so cannot judge links across days) and raw;
// - cross-day continuity on the labelled story pairs of `continuity/`, scored by its own `continuity-score.mjs`.
// Usage: npm run bench:clustering [-- FILE]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import Database from "better-sqlite3";

import { bcubed, projectBy, utcDay } from "../lib/clustering/bcubed";
import { loadWordVectors } from "../lib/nlp/word-vectors";
import { machineLine, writeBenchSection } from "./bench-report";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));
const file = path.resolve(process.argv[2] ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
const continuityDir = path.join(path.dirname(file), "continuity");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-cluster-"));
// The word-vector cache is built once per machine, outside the timed runs.
const modelDir = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
loadWordVectors(modelDir);
const env = { ...process.env, LEDE_DATA_DIR: dataDir, LEDE_MODEL_DIR: modelDir, LOG_LEVEL: "warn" };

try {
  const started = process.hrtime.bigint();
  const imp = spawnSync(process.execPath, [BIN, "import", file], { env, encoding: "utf8" });
  if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  const out = path.join(dataDir, "assignments.jsonl");
  const exp = spawnSync(process.execPath, [BIN, "export", "assignments", "--out", out], {
    env,
    encoding: "utf8",
  });
  if (exp.status !== 0) throw new Error(`export failed: ${exp.stderr}`);

  const raw = file.endsWith(".gz") ? gunzipSync(fs.readFileSync(file)) : fs.readFileSync(file);
  const rows = raw
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { id: string; cluster: string; published_at: number });
  const gold = new Map(rows.map((r) => [String(r.id), r.cluster]));
  const day = new Map(rows.map((r) => [String(r.id), utcDay(r.published_at)]));
  const byDay = (m: Map<string, string>) => projectBy(m, (id) => day.get(id) ?? "");
  const final = new Map<string, string>();
  const hashOf = new Map<string, string>();
  for (const line of fs.readFileSync(out, "utf8").trim().split("\n")) {
    const a = JSON.parse(line) as { id: string; url_hash: string; story_id: number | null };
    if (a.story_id !== null) final.set(a.id, String(a.story_id));
    hashOf.set(a.id, a.url_hash);
  }
  const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
  const arrivalByHash = new Map(
    (
      db
        .prepare(
          "SELECT a.url_hash AS h, s.story_id AS s FROM story_assignments s JOIN articles a ON a.id = s.article_id",
        )
        .all() as Array<{ h: string; s: number }>
    ).map((r) => [r.h, String(r.s)]),
  );
  const stories = (
    db.prepare("SELECT COUNT(*) AS n FROM stories WHERE merged_into IS NULL").get() as { n: number }
  ).n;
  db.close();
  const arrival = new Map<string, string>();
  for (const [id, h] of hashOf) {
    const s = arrivalByHash.get(h);
    if (s) arrival.set(id, s);
  }
  const f = bcubed(byDay(final), gold);
  const a = bcubed(byDay(arrival), gold);
  const fr = bcubed(final, gold);
  const ar = bcubed(arrival, gold);
  const pct = (x: number) => (100 * x).toFixed(2);
  const scorer = path.join(continuityDir, "continuity-score.mjs");
  const pairs = path.join(continuityDir, "continuity-pairs.jsonl");
  const scored = spawnSync(process.execPath, [scorer, file, pairs, out], { encoding: "utf8" });
  if (scored.status !== 0) throw new Error(`continuity scoring failed: ${scored.stderr}`);
  const c = JSON.parse(scored.stdout) as {
    pairs: number;
    same: number;
    different: number;
    linked_same: number;
    linked_different: number;
    precision: number;
    recall: number;
    f1: number;
  };
  console.log(
    `day-projected after import: P ${pct(f.precision)} R ${pct(f.recall)} F1 ${pct(f.f1)}; at arrival: F1 ${pct(a.f1)}; raw after import F1 ${pct(fr.f1)}, at arrival F1 ${pct(ar.f1)}; continuity P ${c.precision} R ${c.recall} F1 ${c.f1}; ${stories} stories; import ${secs.toFixed(1)} s`,
  );
  writeBenchSection(
    "clustering",
    `## Story clustering quality (BCubed)

Run: \`npm run bench:clustering\` (script: \`bench/clustering-quality.ts\`): \`lede import\` of \`${path.basename(file)}\` into an empty
data directory, \`lede export assignments\`, scored against the gold story labels. Machine: ${machineLine()}.

Within a day: every gold story lies within one UTC day, so the gold labels cannot judge a story that continues
across days. **Day-projected** scores cut each predicted story by the UTC day of its articles (story id + day) first:
links across days are then neither rewarded nor punished. Raw scores count every cross-day link as an error.

| labels | day-projected P | day-projected R | day-projected F1 | raw P | raw R | raw F1 |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
| after import (merges applied) | ${pct(f.precision)} | ${pct(f.recall)} | **${pct(f.f1)}** | ${pct(fr.precision)} | ${pct(fr.recall)} | ${pct(fr.f1)} |
| at arrival (the story each article first joined) | ${pct(a.precision)} | ${pct(a.recall)} | ${pct(a.f1)} | ${pct(ar.precision)} | ${pct(ar.recall)} | ${pct(ar.f1)} |

Across days: the ${c.pairs} labelled pairs of \`continuity/continuity-pairs.jsonl\` (stories 1–4 days apart, ${c.same} \`same\`,
${c.different} \`different\`), scored by its \`continuity-score.mjs\` on the export: a pair is linked when the majority
story of both sides' articles is one story.

| continuity | precision | recall | F1 | linked same | linked different |
| --- | ---: | ---: | ---: | ---: | ---: |
| after import | ${c.precision.toFixed(4)} | ${c.recall.toFixed(4)} | **${c.f1.toFixed(4)}** | ${c.linked_same} | ${c.linked_different} |

References (the pairs' README): single-pass TF-IDF on titles P 0.8876, R 0.9693, F1 0.9267; no story ever continuing: 0.

${rows.length.toLocaleString("en")} articles, ${new Set(gold.values()).size} gold stories, ${stories.toLocaleString("en")} predicted stories. Import with clustering: ${secs.toFixed(1)} s
(${Math.round(rows.length / secs).toLocaleString("en")} articles/s; the one-off word-vector cache build is not included).`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
